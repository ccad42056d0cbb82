import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's five-minute host guide", () => {
  // The smoke test typechecks, builds and runs these files against the packed package (the
  // backend as the scratch app's src/server.ts); the Next.js example builds and runs them too.
  it.each([
    ['ts', '../../examples/next-app/lib/backend.ts'],
    ['tsx', './app/src/App.tsx'],
  ])('shows %s %s verbatim', (language, file) => {
    const code = readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`${language}\n${code}\`\`\``);
  });

  it("shows the Next.js example's page and provider", () => {
    const example = (file: string) => readFileSync(new URL(`../../examples/next-app/${file}`, import.meta.url), 'utf8');
    for (const file of ['app/page.tsx', 'app/analytics-provider.tsx']) {
      expect(readme).toContain(`\`\`\`tsx\n// ${file}\n${example(file)}\`\`\``);
    }
  });

  it('has the sections a host needs', () => {
    for (const section of [
      'Five-minute host guide',
      'Next.js App Router',
      'Security',
      'Troubleshooting',
      'API reference',
    ])
      expect(readme).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's five-minute host guide", () => {
  // The smoke test typechecks, builds and runs these files against the packed package.
  it.each(['server.ts', 'App.tsx'])('shows test/package/app/src/%s verbatim', (file) => {
    const code = readFileSync(new URL(`./app/src/${file}`, import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`${file.endsWith('.tsx') ? 'tsx' : 'ts'}\n${code}\`\`\``);
  });

  it("is the Next.js example's backend, and the README shows the example's page and provider", () => {
    const example = (file: string) => readFileSync(new URL(`../../examples/next-app/${file}`, import.meta.url), 'utf8');
    const guide = readFileSync(new URL('./app/src/server.ts', import.meta.url), 'utf8');
    expect(example('lib/backend.ts')).toBe(guide);
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

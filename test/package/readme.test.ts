import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's five-minute host guide", () => {
  // The smoke test typechecks, builds and runs these files against the packed package.
  it.each(['server.ts', 'App.tsx'])('shows test/package/app/src/%s verbatim', (file) => {
    const code = readFileSync(new URL(`./app/src/${file}`, import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`${file.endsWith('.tsx') ? 'tsx' : 'ts'}\n${code}\`\`\``);
  });

  it('has the sections a host needs', () => {
    for (const section of ['Five-minute host guide', 'Security', 'Troubleshooting', 'API reference'])
      expect(readme).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });
});

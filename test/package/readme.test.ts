import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const doc = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe("the README's five-minute host guide and the Next.js guide show tested code", () => {
  const readme = doc('README.md');

  // The smoke test typechecks, builds and runs these files against the packed package (the
  // backend as the scratch app's src/server.ts); the Next.js example builds and runs them too.
  it.each([
    ['ts', '../../examples/next-app/lib/backend.ts'],
    ['tsx', './app/src/App.tsx'],
  ])('the README shows %s %s verbatim', (language, file) => {
    const code = readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`${language}\n${code}\`\`\``);
  });

  it("docs/embedding.md shows the Next.js example's page and provider verbatim", () => {
    const guide = doc('docs/embedding.md');
    const example = (file: string) => doc(`examples/next-app/${file}`);
    for (const file of ['app/page.tsx', 'app/analytics-provider.tsx']) {
      expect(guide).toContain(`\`\`\`tsx\n// ${file}\n${example(file)}\`\`\``);
    }
  });

  it("troubleshooting shows the smoke app's declaration for vega-embed's untyped import", () => {
    const declaration = /```ts\n((?:\s*declare module 'fast-json-patch[\s\S]*?))```/.exec(
      doc('docs/troubleshooting.md'),
    )?.[1];
    const dedented = declaration?.replace(/^ {2}/gm, '');
    expect(dedented).toMatch(/^declare module/);
    expect(readFileSync(new URL('./app/src/vendor.d.ts', import.meta.url), 'utf8')).toContain(dedented);
  });

  it('the guides have the sections a host needs', () => {
    for (const [file, sections] of [
      ['docs/embedding.md', ['Next.js App Router', 'Vite']],
      ['docs/chat.md', ['Conversations']],
      ['docs/server-and-security.md', ['Security']],
    ] as const) {
      for (const section of sections) expect(doc(file)).toMatch(new RegExp(`^## ${section}$`, 'm'));
    }
    expect(doc('docs/troubleshooting.md')).toMatch(/^# Troubleshooting$/m);
    expect(doc('docs/api-reference.md')).toMatch(/^# API reference$/m);
  });
});

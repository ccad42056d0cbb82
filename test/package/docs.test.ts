import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, codeBlocks, docFiles, readDoc, relativeLinks, repo } from './docs-files';
import { typecheckBlocks } from './docs-typecheck';

/**
 * Guides written on other branches, linked from the README's map before they land. Remove
 * a name once its file is in docs/ (from then on its links are checked like the rest).
 */
const PENDING = new Set<string>([]);

describe('the README and the guides in docs/', () => {
  const files = docFiles();

  it('keep the README a landing page: at most 400 lines, with the two commands', () => {
    const readme = readDoc('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    // CI and the hooks look for these exact strings.
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    for (const section of ['Quick start', 'Install', 'Five-minute host guide', 'Guides'])
      expect(readme).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });

  it('npm start lands on the Default demo story, whose play function clicks nothing', () => {
    const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain('--initial-path=/story/demo-app--default');
    const stories = readFileSync(join(repo, 'stories/Demo.stories.tsx'), 'utf8');
    expect(stories).toContain("title: 'Demo/App',");
    const play = /export const Default: Story = \{([\s\S]*?)\n\};/.exec(stories)?.[1] ?? '';
    expect(play).toMatch(/play:/);
    expect(play).not.toMatch(/userEvent|\.click\(|\.focus\(|fireEvent/);
  });

  it('link every guide from the README', () => {
    const readme = readDoc('README.md');
    for (const file of files.filter((file) => file !== 'README.md')) expect(readme).toContain(`](${file})`);
  });

  it.each(files)('%s: every link to a file or an anchor resolves', (file) => {
    const broken: string[] = [];
    for (const { target } of relativeLinks(file)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path ? normalize(join(dirname(file), decodeURI(path))) : file;
      if (resolved.startsWith('..')) broken.push(`${target}: outside the repository`);
      else if (PENDING.has(resolved) && !existsSync(join(repo, resolved))) continue;
      else if (!existsSync(join(repo, resolved))) broken.push(`${target}: no such file`);
      else if (anchor !== undefined) {
        if (!resolved.endsWith('.md')) broken.push(`${target}: an anchor in a file that is not markdown`);
        else if (!anchors(readDoc(resolved)).has(anchor)) broken.push(`${target}: no heading "#${anchor}"`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('show every guide as a Storybook Docs page under Guides', () => {
    const pages = readdirSync(join(repo, 'stories/docs'))
      .filter((name) => name.endsWith('.mdx'))
      .map((name) => readFileSync(join(repo, 'stories/docs', name), 'utf8'));
    for (const file of files) {
      const path = relative(join(repo, 'stories/docs'), join(repo, file));
      expect(pages.some((page) => page.includes(`from '${path}?raw'`))).toBe(true);
    }
  });

  it('typecheck every TypeScript block against the source (or say why a block is not code)', () => {
    // These four are files of their own, typechecked, built and run by the smoke test and
    // the Next.js example; readme.test.ts checks the docs show them verbatim.
    const tested = [
      'examples/next-app/lib/backend.ts',
      'test/package/app/src/App.tsx',
      'examples/next-app/app/page.tsx',
      'examples/next-app/app/analytics-provider.tsx',
    ].map((file) => readFileSync(join(repo, file), 'utf8'));
    const blocks = files.flatMap((file) => codeBlocks(file)).filter((block) => ['ts', 'tsx'].includes(block.language));
    const snippets = blocks.filter((block) => !block.notChecked && !tested.some((code) => block.code.endsWith(code)));
    expect(snippets.length).toBeGreaterThan(10);
    expect(typecheckBlocks(snippets)).toEqual([]);
  }, 120_000);
});

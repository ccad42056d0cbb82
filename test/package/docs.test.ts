import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, docFiles, readDoc, relativeLinks, repo } from './docs-files';

/**
 * Guides written on other branches, linked from the README's map before they land. Remove
 * a name once its file is in docs/ (from then on its links are checked like the rest).
 */
const PENDING = new Set(['docs/native-analytics.md']);

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
});

// The secrets check itself, on a small dist/ it builds: it must find a key or server code
// reachable from a browser entry, through static and dynamic imports and source maps.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCK_ADMIN_KEY } from '../../src/mock';
import { checkBrowserBundles } from './bundle-secrets';

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-dist-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
  return dir;
}

const clean = {
  'index.js': 'import { a } from "./chunk-a.js";\nexport const b = () => import("./lazy.js");',
  'protocol.js': 'export { a } from "./chunk-a.js";',
  'chunk-a.js': 'export const a = 1;',
  'lazy.js': 'export default 2;',
  'server.js': 'import "./chunk-a.js"; export function createChatProxy() { return "Api-Key " + key; }',
};

describe('browser bundle secrets check', () => {
  it('passes a clean dist whose server entry shares a chunk', () => {
    expect(checkBrowserBundles(dist(clean))).toEqual([]);
  });

  it('finds a key in a lazily loaded chunk', () => {
    const found = checkBrowserBundles(dist({ ...clean, 'lazy.js': `export default "${MOCK_ADMIN_KEY}";` }));
    expect(found.join('\n')).toMatch(/lazy\.js contains API key/);
  });

  it('finds a given real key in a source map, and the server entry loaded by a browser chunk', () => {
    const found = checkBrowserBundles(
      dist({
        ...clean,
        'chunk-a.js.map': '{"sourcesContent":["const k = \\"sk_live_0123456789\\""]}',
        'chunk-a.js': 'export * from "./server.js";',
      }),
      ['sk_live_0123456789'],
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/chunk-a\.js\.map contains API key/),
        expect.stringMatching(/server\.js contains the chat proxy/),
        'a browser entry loads server.js',
      ]),
    );
  });
});

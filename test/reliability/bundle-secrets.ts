// Issue 12, secrets: the built browser entries (`react-embedded-analytics`, `react-embedded-analytics/protocol`) and every
// chunk they load must hold no API key and no server code. Run after `npm run build` by
// `npm run check:secrets` (CI runs it after the build).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { MOCK_ADMIN_KEY, MOCK_DATA_API_SECRET, MOCK_PERSONAL_KEY } from '../../src/mock';

/** The package's browser entries, relative to dist/. */
export const BROWSER_ENTRIES = ['index.js', 'protocol.js'];

/** What must never be in browser code: keys, and what only the server entry holds. */
export function forbiddenMarkers(extraSecrets: string[] = []): { label: string; pattern: RegExp }[] {
  const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [
    ...[MOCK_ADMIN_KEY, MOCK_PERSONAL_KEY, 'mock-starter-key', MOCK_DATA_API_SECRET, ...extraSecrets]
      .filter((secret) => secret.length >= 8)
      .map((secret) => ({ label: `API key ${secret.slice(0, 4)}…`, pattern: literal(secret) })),
    { label: 'an Api-Key authorization header', pattern: /Api-Key/i },
    { label: 'the chat proxy (server entry)', pattern: /createChatProxy/ },
    { label: 'the embed client (server entry)', pattern: /createEmbedClient/ },
    { label: 'the data token signer (server entry)', pattern: /createDataToken/ },
    { label: 'the data proxy (server entry)', pattern: /createDataProxy/ },
    { label: 'the mock (mock entry)', pattern: /createMockService/ },
  ];
}

/** Relative imports of an ES module: static, re-exports and dynamic `import()`. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Every file reachable from the browser entries, each with its source map when there is one. */
export function browserFiles(dist: string): string[] {
  const seen = new Set<string>();
  const queue = BROWSER_ENTRIES.map((entry) => join(dist, entry));
  while (queue.length > 0) {
    const file = normalize(queue.pop()!);
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) queue.push(join(dirname(file), specifier));
  }
  const withMaps = [...seen];
  for (const file of seen) if (existsSync(`${file}.map`)) withMaps.push(`${file}.map`);
  return withMaps.sort();
}

/** Problems found in the browser files of `dist`; empty when clean. */
export function checkBrowserBundles(dist: string, extraSecrets: string[] = []): string[] {
  const problems: string[] = [];
  for (const entry of BROWSER_ENTRIES) if (!existsSync(join(dist, entry))) problems.push(`missing ${entry}`);
  const files = browserFiles(dist);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const { label, pattern } of forbiddenMarkers(extraSecrets)) {
      if (pattern.test(code)) problems.push(`${relative(dist, file)} contains ${label}`);
    }
    if (/["']node:/.test(code) && !file.endsWith('.map'))
      problems.push(`${relative(dist, file)} imports a node: module`);
  }
  for (const serverOnly of ['server.js', 'mock.js']) {
    if (files.includes(join(dist, serverOnly))) problems.push(`a browser entry loads ${serverOnly}`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const dist = process.argv[2] ?? 'dist';
  // A real key can be given to look for it too (CI secret), never printed.
  const extra = process.env.EMBEDKIT_API_KEY ? [process.env.EMBEDKIT_API_KEY] : [];
  const problems = checkBrowserBundles(dist, extra);
  const count = browserFiles(dist).length;
  if (problems.length > 0) {
    console.error(`Browser bundles are not clean (${count} files checked):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `Browser bundles clean: ${count} files reachable from ${BROWSER_ENTRIES.join(', ')}, no key, no server code`,
  );
}

/**
 * Bundles what a host that only embeds dashboards writes, `import { EmbedProvider,
 * EmbeddedDashboard } from 'react-embedded-analytics'`, against the built package (run `npm run build`
 * first), and fails if any byte of vega, the markdown stack or the chat reaches the
 * bundle. esbuild's metafile says which input files contributed bytes to the output.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Inputs that must not appear: by package name, or by our own module path in dist/. */
const forbidden: { what: string; test: (input: string) => boolean }[] = [
  { what: 'vega', test: (input) => /node_modules\/(vega|d3-)/.test(input) },
  {
    what: 'markdown',
    test: (input) => /node_modules\/(react-markdown|remark-|micromark|mdast-|unified|hast-)/.test(input),
  },
  { what: 'the chat', test: (input) => /(^|\/)dist\/react\/chat\//.test(input) },
];

const result = await build({
  stdin: {
    contents: "export { EmbedProvider, EmbeddedDashboard } from 'react-embedded-analytics';",
    resolveDir: root,
    loader: 'js',
  },
  bundle: true,
  write: false,
  metafile: true,
  minify: true,
  format: 'esm',
  splitting: true,
  outdir: 'out',
  // The peers, as size-limit measures; everything else is bundled.
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query'],
  logLevel: 'error',
  logOverride: { 'ignored-bare-import': 'silent' },
});

// esbuild still writes chunks for dynamic imports in code it shook out; what counts is
// what the entry reaches, statically or by a dynamic import.
const outputs = result.metafile.outputs;
const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === '<stdin>')!;
const reachable = new Set([entry]);
for (const name of reachable) {
  for (const { path } of outputs[name]!.imports) if (path in outputs) reachable.add(path);
}
const included = [...reachable].flatMap((name) =>
  Object.entries(outputs[name]!.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input),
);
const problems = forbidden.flatMap(({ what, test }) => {
  const hits = included.filter(test);
  return hits.length ? [`${what}: ${hits.slice(0, 5).join(', ')}${hits.length > 5 ? ', …' : ''}`] : [];
});

if (!included.some((input) => input.endsWith('dist/react/embed/EmbeddedDashboard.js'))) {
  console.error('tree-shaking check: EmbeddedDashboard itself is missing from the bundle; is dist/ built?');
  process.exit(1);
}
if (problems.length) {
  console.error(`tree-shaking check: importing only the dashboard pulls in\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `tree-shaking check: the dashboard alone bundles ${included.length} modules in ${reachable.size} chunks, none of vega, markdown or the chat`,
);

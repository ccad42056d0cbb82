import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const lazy = ['./SqlCode.js','./markdown-block.js','./tooltip.js','./chart-spec.js','./view-updates.js','./ResultToolbar.js','./chart-types.js','./export-result.js','./bridge-text.js'];
const ext = ['vega','vega-lite','vega-embed','vega-tooltip','sql-formatter','react-markdown','remark-gfm', ...lazy];
const r = await build({ stdin: { contents: "import * as all from './dist/index.js'; console.log(all)", resolveDir: process.cwd() }, bundle: true, minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: true, treeShaking: true, write: false, metafile: true, external: ext, logLevel: 'silent', outfile: 'out.js', logOverride: { 'ignored-bare-import': 'silent' } });
const out = r.outputFiles[0].contents;
console.log('total gz', gzipSync(out).length);
const inputs = Object.entries(r.metafile.outputs['out.js'].inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput);
for (const [k,v] of inputs) console.log(v.bytesInOutput, k);

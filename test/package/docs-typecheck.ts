/**
 * Typechecks the docs' TypeScript blocks against the source, each block a module of its own
 * (the package's entry names mapped to src/), with docs-snippets.d.ts for the values a
 * snippet leaves to the reader. The blocks are served from memory: nothing is written.
 */
import ts from 'typescript';
import type { CodeBlock } from './docs-files';
import { repo } from './docs-files';

const ENTRIES: Record<string, string> = {
  'react-embedded-analytics': 'src/index.ts',
  'react-embedded-analytics/boards': 'src/react/boards/index.ts',
  'react-embedded-analytics/protocol': 'src/protocol/index.ts',
  'react-embedded-analytics/server': 'src/server/index.ts',
  'react-embedded-analytics/mock': 'src/mock/index.ts',
};

/** A virtual file name per block, inside the repository so `react` and `node:` types resolve. */
export const blockFileName = (block: CodeBlock) =>
  `${repo}test/package/.docs-blocks/${block.file.replace(/\W+/g, '-')}-${block.line}.${block.language === 'tsx' ? 'tsx' : 'ts'}`;

/** The diagnostics of each block, as `file:line: message` (block lines counted in the doc). */
export function typecheckBlocks(blocks: CodeBlock[]): string[] {
  const config = ts.readConfigFile(`${repo}tsconfig.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
  const paths = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, [`${repo}${file}`]]));
  const compilerOptions: ts.CompilerOptions = { ...options, paths, noEmit: true, noUnusedLocals: false };
  const files = new Map(blocks.map((block) => [blockFileName(block), `${block.code}\nexport {};\n`]));
  const host = ts.createCompilerHost(compilerOptions);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };
  const program = ts.createProgram({
    rootNames: [...files.keys(), `${repo}test/package/docs-snippets.d.ts`],
    options: compilerOptions,
    host,
  });
  const byName = new Map(blocks.map((block) => [blockFileName(block), block]));
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && byName.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const block = byName.get(diagnostic.file!.fileName)!;
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `${block.file}:${block.line + 1 + line}: TS${diagnostic.code} ${text}`;
    });
}

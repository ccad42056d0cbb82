/**
 * Packs the package as npm would publish it (run `npm run build` first) and lints the
 * tarball: publint (package.json fields against the files), and arethetypeswrong (every
 * entry's types resolve under node16/nodenext from ESM and under bundler). The package is
 * ESM only, so attw's `esm-only` profile skips node10 and `require`; `styles.css` has no types.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** Packs into a fresh temporary directory and returns the tarball's path. */
export function packTarball(destination = mkdtempSync(join(tmpdir(), 'react-embedded-analytics-pack-'))): string {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(output) as [{ filename: string }];
  return join(destination, filename);
}

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n== ${title}`);
  try {
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
    return true;
  } catch {
    console.error(`✗ ${title} failed`);
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tarball = packTarball();
  console.log(`packed ${tarball}`);
  const results = [
    run('publint', bin('publint'), ['run', '--strict', tarball]),
    run('arethetypeswrong', bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css']),
  ];
  rmSync(join(tarball, '..'), { recursive: true, force: true });
  if (results.includes(false)) process.exit(1);
  console.log('\npackage checks: publint and attw clean');
}

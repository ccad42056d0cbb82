/**
 * Finding programs on this machine, shared by the browser finders (`find-chromium.ts`,
 * `find-engines.ts`) and their provisioning scripts. Node built-ins only: it runs before
 * every `npm test`, without Playwright.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether `path` is a file this process may execute. */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The first of `names` that is an executable in a folder of `PATH`: folders in `PATH`'s
 * order, then names in the order given. Null when none is.
 */
export function findOnPath(
  names: readonly string[],
  env: Record<string, string | undefined> = process.env,
  isExecutable: (path: string) => boolean = isExecutableFile,
): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) if (isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

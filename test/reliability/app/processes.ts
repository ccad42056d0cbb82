/**
 * App servers of the reliability suites as processes of their own (`server-process.ts`), so a
 * test can run two on one database, see one survive an outage, or kill one mid-request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestAppOptions } from './app';

const SCRIPT = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running app server process. */
export interface AppProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it wrote to stderr (its failures, one JSON line each). */
  errors(): string;
  /** True until it exits. */
  alive(): boolean;
  /** How it exited (null while it runs). */
  exit(): { code: number | null; signal: string | null } | null;
  /** SIGKILL, as a crash or an OOM kill would; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM; resolves once it is gone. */
  stop(): Promise<void>;
}

/** Starts one on `databaseUrl`; resolves once it listens. */
export function startAppProcess(
  databaseUrl: string,
  options: Omit<TestAppOptions, 'onError'> = {},
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, EK_APP: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let exited: { code: number | null; signal: string | null } | null = null;
  const gone = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const end = async (signal: NodeJS.Signals) => {
    if (!exited) child.kill(signal);
    await gone;
  };
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The app server did not start in 60 s:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const origin = /listening (\S+)/.exec(stdout)?.[1];
      if (!origin) return;
      clearTimeout(timer);
      resolve({
        origin,
        child,
        errors: () => stderr,
        alive: () => exited === null,
        exit: () => exited,
        kill: () => end('SIGKILL'),
        stop: () => end('SIGTERM'),
      });
    });
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`The app server exited before it listened:\n${stdout}\n${stderr}`));
    });
  });
}

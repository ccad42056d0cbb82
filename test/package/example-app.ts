/**
 * What the example-app tests share: an example copied to a scratch folder with the packed
 * tarball as its dependency, commands run in it (long-running ones stopped with their whole
 * process group), free ports, and the mock's guide variables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packTarball } from '../../scripts/check-package';

export const repo = fileURLToPath(new URL('../..', import.meta.url));
/** The backend's variables, as the mock prints them. */
export const GUIDE_VARIABLES = [
  'EMBED_BASE_URL',
  'EMBED_API_KEY',
  'EMBED_DEPLOYMENT_ID',
  'AGENT_CHAT_URL',
  'DATA_API_URL',
  'DATA_API_SECRET',
];

/** This process's environment without what would change a child's behaviour. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NEXT_TELEMETRY_DISABLED: '1', ...extra };
  // Vitest sets NODE_ENV=test; the apps' commands choose (or need) none.
  delete env.NODE_ENV;
  for (const name of [...GUIDE_VARIABLES, 'VITE_EMBED_BASE_URL', 'PORT', 'BACKEND_URL'])
    if (!(name in extra)) delete env[name];
  return env;
}

/** An example app in a scratch folder, installed with the packed tarball. */
export class ExampleApp {
  readonly work: string;
  readonly dir: string;
  private readonly processes: ChildProcess[] = [];

  /** Copies `examples/<name>` (as committed: no node_modules or build output) beside the tarball. */
  constructor(name: string, skip: RegExp) {
    if (!existsSync(join(repo, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
    this.work = mkdtempSync(join(tmpdir(), `react-embedded-analytics-${name}-`));
    const tarball = packTarball(this.work);
    const example = join(repo, 'examples', name);
    this.dir = join(this.work, name);
    cpSync(example, this.dir, { recursive: true, filter: (source) => !skip.test(relative(example, source)) });
    const manifest = JSON.parse(readFileSync(join(this.dir, 'package.json'), 'utf8'));
    manifest.dependencies['react-embedded-analytics'] = `file:${tarball}`;
    writeFileSync(join(this.dir, 'package.json'), JSON.stringify(manifest, null, 2));
  }

  install(): Promise<string> {
    return this.sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  }

  /** Runs a command to its end; on failure the error carries its output. */
  sh(command: string, args: string[], env = cleanEnv()): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: this.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${output}`)),
      );
    });
  }

  /**
   * Starts a long-running command (in a process group of its own, so that `npm run`'s
   * children stop with it) and resolves once `ready` matches its output: with the output
   * so far, and a function that stops it.
   */
  start(
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    ready: RegExp,
  ): Promise<{ output: () => string; stop: () => Promise<void> }> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: this.dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      this.processes.push(child);
      let output = '';
      const exited = new Promise<void>((done) => child.once('close', () => done()));
      // Resolves once the command has exited (a restart may reuse what it held: a port, a database folder).
      const stop = () => {
        stopGroup(child);
        return exited;
      };
      const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        if (ready.test(output)) {
          clearTimeout(timer);
          resolve({ output: () => output, stop });
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
    });
  }

  /** Starts the mock with the package's own command; resolves with its URL and the guide's variables. */
  async startMock(lineDelayMs: number): Promise<{ url: string; variables: Record<string, string>; output: string }> {
    const bin = join(this.dir, 'node_modules/.bin/react-embedded-analytics-mock');
    const mock = await this.start(
      bin,
      ['--port', '0', '--line-delay', String(lineDelayMs)],
      cleanEnv(),
      /AGENT_CHAT_URL=\S+\n/,
    );
    const text = mock.output();
    const variables = Object.fromEntries(
      GUIDE_VARIABLES.map((name) => [name, new RegExp(`^  ${name}=(\\S+)$`, 'm').exec(text)![1]!]),
    );
    return { url: /on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1]!, variables, output: text };
  }

  /** Stops everything started and removes the scratch folder. */
  close(): void {
    for (const child of this.processes) stopGroup(child);
    rmSync(this.work, { recursive: true, force: true });
  }
}

/** Stops a started command's process group (`npm run` → sh → node), if it still runs. */
function stopGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** A free loopback port (for commands that take a port, not 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

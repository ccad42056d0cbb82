/**
 * What an abusive board request costs the server, against a legitimate request of the same
 * size: a 1 MiB body of empty widgets (every one of them invalid), and definitions nested
 * 3,000 deep in a field the parser keeps (an extra field, an unknown kind's field). For each,
 * in a fresh server process: the status, the answer's size, the time to answer (median), and
 * the growth of the server's peak memory (VmHWM over its resident set before the requests).
 *
 * `BENCH_SERVER_BEFORE=<a copy of the library's src>` measures that copy too, in the same run,
 * e.g. the commit before a change:
 *
 *   mkdir -p .bench-before && git archive <commit> src | tar -x -C .bench-before
 *   BENCH_SERVER_BEFORE=.bench-before/src npm run bench -- server
 *
 * Targets (this checkout): every abusive request refused with a 400 under 2 KB, the 1 MiB
 * refusal no slower than 1.5x the legitimate 1 MiB save, and no more peak memory than 2x its.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { median, ratio, table } from './harness';
import type { SuiteOptions } from './suite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A legitimate board of 200 notes, just under 1 MiB of JSON. */
function validBody(title: string): string {
  const widgets = Array.from({ length: 200 }, (_, i) => ({
    id: `n${i}`,
    kind: 'text',
    layout: { x: 0, y: i, w: 12, h: 1 },
    text: 'x'.repeat(5_000),
  }));
  return JSON.stringify({ definition: { version: 2, title, widgets } });
}

const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const REQUESTS: { name: string; body: () => string }[] = [
  { name: 'a legitimate board, 1 MiB', body: () => validBody('Board') },
  {
    name: '1 MiB of empty widgets',
    body: () => `{"definition":{"version":2,"title":"Flood","widgets":[${'{},'.repeat(349_000)}{}]}}`,
  },
  {
    name: 'an extra field 3,000 deep',
    body: () => `{"definition":{"version":2,"title":"Deep","widgets":[],"extra":${deep(3_000)}}}`,
  },
  {
    name: "an unknown widget's field 3,000 deep",
    body: () =>
      `{"definition":{"version":2,"title":"Deep","widgets":[{"id":"a","kind":"later","layout":{"x":0,"y":0,"w":1,"h":1},"f":${deep(3_000)}}]}}`,
  },
];

/** A server process of `src`: its origin and pid. */
async function start(src: string | undefined): Promise<{ origin: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/server-abuse-app.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...(src ? { EK_SRC: src } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', () => reject(new Error(`the bench server exited: ${out}`)));
  });
  return { origin, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

/** VmRSS and VmHWM (peak) of a process, in MB (Linux). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function post(origin: string, body: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/api/boards`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'Sec-Fetch-Site': 'same-origin',
          Cookie: 'user=bench',
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode!, bytes, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Measured {
  status: string;
  bytes: number;
  ms: number;
  peakMb: number;
}

/** `rounds` of one request in a fresh server of `src`. */
async function measure(src: string | undefined, body: string, rounds: number): Promise<Measured> {
  const server = await start(src);
  try {
    // Warm: the first board (migrations), then the resident set as the requests find it.
    await post(server.origin, validBody('Warm'));
    const before = memory(server.pid);
    const answers = [];
    for (let i = 0; i < rounds; i++) answers.push(await post(server.origin, body));
    const after = memory(server.pid);
    return {
      status: [...new Set(answers.map((a) => a.status))].join('/'),
      bytes: median(answers.map((a) => a.bytes)),
      ms: median(answers.map((a) => a.ms)),
      peakMb: Math.max(0, after.peak - before.rss),
    };
  } finally {
    server.stop();
  }
}

/** Runs the suite; false when this checkout misses a target. */
export async function serverAbuseBench(options: SuiteOptions): Promise<boolean> {
  const rounds = options.smoke ? 2 : 5;
  const before = process.env.BENCH_SERVER_BEFORE;
  console.log(
    `\n## Abusive board requests: answer, time and server memory (${rounds} rounds each, a fresh server per row)`,
  );
  const targets: [string, string | undefined][] = [['this checkout', undefined]];
  if (before) targets.push([`before (${before})`, before]);
  const results = new Map<string, Measured>();
  for (const [label, src] of targets)
    for (const { name, body } of REQUESTS) results.set(`${label}|${name}`, await measure(src, body(), rounds));
  const rows: (string | number)[][] = [['request', 'server', 'status', 'answer', 'median', 'peak memory growth']];
  for (const { name } of REQUESTS)
    for (const [label] of targets) {
      const m = results.get(`${label}|${name}`)!;
      rows.push([
        name,
        label,
        m.status,
        `${m.bytes.toLocaleString('en-US')} B`,
        `${m.ms.toFixed(1)} ms`,
        `${m.peakMb.toFixed(1)} MB`,
      ]);
    }
  table(rows);
  const now = (name: string) => results.get(`this checkout|${name}`)!;
  const legit = now(REQUESTS[0]!.name);
  const flood = now(REQUESTS[1]!.name);
  console.log(
    `1 MiB of empty widgets against a legitimate 1 MiB board, this checkout: time ${ratio(flood.ms / legit.ms)}, ` +
      `answer ${flood.bytes} B against ${legit.bytes} B.`,
  );
  if (before) {
    const old = results.get(`before (${before})|${REQUESTS[1]!.name}`)!;
    console.log(
      `1 MiB of empty widgets, this checkout against before: time ${ratio(flood.ms / old.ms)}, answer ${flood.bytes} B against ${old.bytes.toLocaleString('en-US')} B, peak memory growth ${flood.peakMb.toFixed(1)} against ${old.peakMb.toFixed(1)} MB.`,
    );
  }
  let ok = true;
  const miss = (why: string) => {
    ok = false;
    console.log(`MISSED: ${why}`);
  };
  for (const { name } of REQUESTS.slice(1)) {
    const m = now(name);
    if (m.status !== '400' || m.bytes >= 2_000) miss(`${name}: ${m.status}, ${m.bytes} B (a 400 under 2 KB expected)`);
  }
  if (flood.ms > 1.5 * legit.ms) miss(`1 MiB of empty widgets took ${ratio(flood.ms / legit.ms)} a legitimate save`);
  if (flood.peakMb > 2 * Math.max(legit.peakMb, 8))
    miss(`1 MiB of empty widgets grew the peak by ${flood.peakMb.toFixed(1)} MB`);
  return ok;
}

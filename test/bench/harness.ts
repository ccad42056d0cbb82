/** Minimal benchmark helpers: warm up, then the median of several timed runs; tables that RESULTS.md collects. */

export interface Timing {
  /** Median wall time of one run, in milliseconds. */
  ms: number;
  runs: number;
  /** From {@link interleave}: each round's sample (ms per pass), by round; NaN for a round it sat out. */
  samples?: number[];
}

/** Times `fn` (sync or async): `warmup` untimed runs, then the median of `runs` (wall time, or `clock`'s). */
export async function time(
  fn: () => unknown,
  { warmup = 2, runs = 7, clock = () => performance.now() } = {},
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = clock();
    await fn();
    samples.push(clock() - start);
  }
  return { ms: median(samples), runs };
}

/** The median of `samples` (not modified). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One contestant of an interleaved comparison. */
export interface Contestant {
  name: string;
  run: () => unknown;
  /** Stop timing this one after this many ms in total (a slow peer gets fewer runs, at least one). */
  budgetMs?: number;
  /**
   * Runs per sample, back to back (default 1); the sample is their mean. A short run can be
   * dominated by collecting the garbage of whichever contestant ran before it; repeated, it
   * mostly pays for its own.
   */
  passes?: number;
}

/** CPU time of this process so far, in ms: unlike wall time, not inflated while other processes hold the cores. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Times contestants interleaved round by round, so a noisy neighbour on a shared machine
 * slows all of them alike; returns each one's median (per pass), keyed by name. Each round
 * runs them in a new (seeded) order: a contestant that leaves much garbage (the floor's
 * 4 MB string) makes the next one pay for collecting it, and a fixed cyclic order would
 * charge that to the same contestant every round (about 3 ms of a 12 ms run).
 * `clock` is wall time by default; pass {@link cpuMs} to count CPU time instead.
 */
export async function interleave(
  contestants: readonly Contestant[],
  { warmup = 1, runs = 7, clock = () => performance.now() } = {},
): Promise<Map<string, Timing>> {
  const samples = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const byRound = new Map<string, number[]>(contestants.map((c) => [c.name, Array<number>(runs).fill(NaN)]));
  const spent = new Map<string, number>(contestants.map((c) => [c.name, 0]));
  for (let w = 0; w < warmup; w++) for (const c of contestants) if (!c.budgetMs) await c.run();
  const random = seeded(runs);
  for (let round = 0; round < runs; round++) {
    for (const c of shuffled(contestants, random)) {
      if (c.budgetMs !== undefined && samples.get(c.name)!.length > 0 && spent.get(c.name)! > c.budgetMs) continue;
      const passes = c.passes ?? 1;
      const start = clock();
      for (let p = 0; p < passes; p++) await c.run();
      const ms = clock() - start;
      samples.get(c.name)!.push(ms / passes);
      byRound.get(c.name)![round] = ms / passes;
      spent.set(c.name, spent.get(c.name)! + ms);
    }
  }
  return new Map(
    [...samples].map(([name, s]) => [name, { ms: median(s), runs: s.length, samples: byRound.get(name)! }]),
  );
}

/**
 * `a` over `b` from one {@link interleave}: the median of their ratios round by round (each
 * pair ran close together, so a neighbour's load that comes and goes cancels out), or the
 * ratio of their medians when they share fewer than three rounds.
 */
export function pairedRatio(a: Timing, b: Timing): number {
  const ratios: number[] = [];
  const rounds = Math.min(a.samples?.length ?? 0, b.samples?.length ?? 0);
  for (let i = 0; i < rounds; i++) {
    const r = a.samples![i]! / b.samples![i]!;
    if (Number.isFinite(r)) ratios.push(r);
  }
  return ratios.length >= 3 ? median(ratios) : a.ms / b.ms;
}

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A deterministic PRNG (mulberry32), so "random" chunkings are the same in every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What the current run reports for bench/RESULTS.md: every table printed and every line
 * logged while a suite runs, in order (`run.ts` fills it per suite).
 */
export const report: { capture: ((markdown: string) => void) | undefined } = { capture: undefined };

/** Prints rows as an aligned table (and records it as a Markdown table for RESULTS.md). */
export function table(rows: (string | number)[][]): void {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? format(cell) : cell)));
  const widths = text[0]!.map((_, i) => Math.max(...text.map((row) => row[i]!.length)));
  const capture = report.capture;
  report.capture = undefined; // the aligned rows are for the terminal only
  try {
    for (const row of text)
      console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  } finally {
    report.capture = capture;
  }
  if (capture) {
    const md = text.map((row) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`);
    md.splice(1, 0, `|${text[0]!.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`);
    capture(md.join('\n'));
  }
}

/** A number as the tables show it. */
export function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** A ratio as the tables show it. */
export const ratio = (n: number): string => `${n.toFixed(2)}x`;

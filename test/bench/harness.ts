/** Minimal benchmark helpers: warm up, then the median of several timed runs. */

export interface Timing {
  /** Median wall time of one run, in milliseconds. */
  ms: number;
  runs: number;
}

/** Times `fn` (sync or async): `warmup` untimed runs, then the median of `runs`. */
export async function time(fn: () => unknown, { warmup = 2, runs = 7 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)]!, runs };
}

/** Prints rows as an aligned table. */
export function table(rows: (string | number)[][]): void {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? format(cell) : cell)));
  const widths = text[0]!.map((_, i) => Math.max(...text.map((row) => row[i]!.length)));
  for (const row of text)
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

function format(n: number): string {
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  if (n >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

import { sleep } from './http';

/**
 * One agent turn running on the server, independent of any connection: lines are kept so
 * a dropped client can re-join, and readers wait for new ones. Aborting stops production.
 */
export class TurnRun {
  readonly lines: string[] = [];
  done = false;
  aborted = false;
  /** One past the last `sort` of the turn's messages. */
  endSort = Number.POSITIVE_INFINITY;
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();

  constructor(
    readonly messageId: string,
    /** First `sort` of the turn's messages: a re-join snapshot sends these. */
    readonly firstSort: number,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  push(line: string): void {
    this.lines.push(line);
    this.wake();
  }

  finish(): void {
    this.done = true;
    this.wake();
  }

  abort(): void {
    this.aborted = true;
    this.controller.abort();
  }

  /** Lines from `from` on, waiting for new ones until the turn is done. */
  async *read(from: number): AsyncGenerator<string> {
    let i = from;
    for (;;) {
      while (i < this.lines.length) yield this.lines[i++]!;
      if (this.done) return;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Runs `produce` with a delay before each line, stopping early when aborted. */
  async produce(lines: Iterable<string>, delayMs: number, onLine: (line: string) => void): Promise<void> {
    for (const line of lines) {
      if (this.aborted) return;
      await sleep(delayMs, this.signal);
      if (this.aborted) return;
      onLine(line);
      this.push(line);
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

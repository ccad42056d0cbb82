import { DataError } from '../../../protocol';
import type { WorkerFailure, WorkerJob, WorkerReply } from './answer-messages';
import { PartsAssembler } from './answer-parts';
import { mainThreadPace, NO_PAUSE } from './json-slices';
import { readAnswer, type AnswerBytes, type AnswerJob, type AnswerOutcome } from './read-answer';
import { beforeAbort } from './safe-transport';

// Where an answer is read. A small one on the main thread at once (a few milliseconds, and no
// round trip to a worker); a larger one in the data client's worker, one worker for the page,
// shared by every provider and widget, started while the large answer still arrives and ended
// after a minute with nothing to read. Where there is no worker (a server render, a test
// environment), the host turned it off, or it cannot start (a CSP whose `worker-src` refuses
// it, a bundler that did not build it), larger answers are read on the main thread in slices
// that yield to input.

/** Answers up to this size are read on the main thread at once (a few milliseconds). */
export const MAIN_THREAD_MAX_BYTES = 256 * 1024;
/** How long an answer waits for a worker that is still starting before it is read on the main thread. */
const START_WAIT_MS = 3_000;
/** A worker with nothing to read for this long is ended; the next large answer starts another. */
const IDLE_MS = 60_000;
/** Workers that may fail (not start, or stop mid-answer) before answers stay on the main thread. */
const MAX_FAILURES = 2;

/** Options of {@link createAnswerReader}. */
export interface AnswerReaderOptions {
  /** False: no worker; answers over `workerAboveBytes` are read on the main thread in slices. Default true. */
  worker?: boolean;
  /** Answers larger than this (bytes) are read off the main thread. Default {@link MAIN_THREAD_MAX_BYTES}. */
  workerAboveBytes?: number;
}

/** Reads the data API's answers for one data client. */
export interface AnswerReader {
  /** Answers over this size are read off the main thread (the transport calls {@link warm} past it). */
  readonly aboveBytes: number;
  /** A large answer is on its way: the worker starts while the rest of it arrives. */
  warm(): void;
  /** The answer read (see `readAnswer`); rejects with a `DataError`, or `signal`'s reason. */
  read(job: AnswerJob, answer: AnswerBytes, signal: AbortSignal): Promise<AnswerOutcome>;
}

/** The reader of a data client. */
export function createAnswerReader(options: AnswerReaderOptions = {}): AnswerReader {
  const aboveBytes = options.workerAboveBytes ?? MAIN_THREAD_MAX_BYTES;
  const workers = options.worker !== false && typeof Worker !== 'undefined';
  return {
    aboveBytes,
    warm: () => void (workers && sharedWorker()),
    async read(job, answer, signal) {
      if (answer.size <= aboveBytes) return readAnswer(job, answer, { pace: NO_PAUSE, sliced: false });
      if (workers) {
        const outcome = await inWorker(job, answer, signal);
        if (outcome) return outcome;
      }
      // Begun in a task of its own: the one that read the last bytes has done enough.
      const pace = mainThreadPace(8, signal);
      await pace.pause();
      return readAnswer(job, answer, { pace, sliced: true });
    },
  };
}

interface Job {
  resolve: (outcome: AnswerOutcome) => void;
  reject: (error: unknown) => void;
  assembled?: PartsAssembler;
}

/** The page's answer worker, while it lives. */
class AnswerWorker {
  readonly ready: Promise<boolean>;
  private readonly worker: Worker;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private settle!: (ready: boolean) => void;
  private stopped = false;

  constructor() {
    this.ready = new Promise((resolve) => (this.settle = resolve));
    // The one form every host bundler builds as a worker of its own (no blob, no eval).
    this.worker = new Worker(new URL('./answer-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.stop();
    };
    this.worker.onmessageerror = () => this.stop();
  }

  run(job: AnswerJob, answer: AnswerBytes, signal: AbortSignal): Promise<AnswerOutcome> {
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise<AnswerOutcome>((resolve, reject) => {
      const message: WorkerJob = { id, job, answer };
      // The bytes move to the worker (no copy); a chunk's buffer listed once. When they cannot
      // (a DataCloneError), nothing was moved and the caller reads them itself.
      this.worker.postMessage(message, [...new Set(answer.chunks.map((chunk) => chunk.buffer as ArrayBuffer))]);
      this.jobs.set(id, { resolve, reject });
      signal.addEventListener(
        'abort',
        () => {
          if (!this.jobs.delete(id)) return;
          reject(signal.reason);
          this.rest();
        },
        { once: true },
      );
    });
  }

  private receive(reply: WorkerReply): void {
    if ('ready' in reply) return this.settle(true);
    const job = this.jobs.get(reply.id);
    if (!job) return; // cancelled: what is left of it is dropped
    try {
      if ('head' in reply) job.assembled = new PartsAssembler(reply.head);
      else if ('items' in reply) {
        if (!job.assembled) throw new Error('an answer part came before its head');
        job.assembled.add(reply);
      } else if ('end' in reply) {
        if (!job.assembled) throw new Error('an answer ended before its head');
        this.jobs.delete(reply.id);
        job.resolve(job.assembled.value as AnswerOutcome);
      } else {
        this.jobs.delete(reply.id);
        job.reject(fromWorker(reply.error));
      }
    } catch (error) {
      this.jobs.delete(reply.id);
      job.reject(new DataError('server', 'the data API answer could not be read', { cause: error }));
    }
    this.rest();
  }

  /** With nothing left to read, the worker is ended after {@link IDLE_MS}. */
  private rest(): void {
    if (this.jobs.size > 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.end(), IDLE_MS);
  }

  private end(): void {
    this.stopped = true;
    this.worker.terminate();
    if (current === this) current = undefined;
  }

  /** The worker failed (did not start, or stopped): its answers fail, and it is ended. */
  private stop(): void {
    if (this.stopped) return;
    failures++;
    this.settle(false);
    for (const job of this.jobs.values())
      job.reject(new DataError('server', 'the data API answer could not be read: its reader stopped'));
    this.jobs.clear();
    clearTimeout(this.idle);
    this.end();
  }
}

let current: AnswerWorker | undefined;
let failures = 0;

/** The page's answer worker, started if need be; undefined when none can start. */
function sharedWorker(): AnswerWorker | undefined {
  if (current || failures >= MAX_FAILURES) return current;
  try {
    current = new AnswerWorker();
  } catch {
    // A browser that refuses module workers, or this URL, at construction.
    failures = MAX_FAILURES;
  }
  return current;
}

/** The answer read in the worker; undefined when no worker could take it (then the main thread reads it). */
async function inWorker(job: AnswerJob, answer: AnswerBytes, signal: AbortSignal): Promise<AnswerOutcome | undefined> {
  const worker = sharedWorker();
  if (!worker) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = await beforeAbort(
    Promise.race([worker.ready, new Promise<false>((resolve) => (timer = setTimeout(resolve, START_WAIT_MS, false)))]),
    signal,
  ).finally(() => clearTimeout(timer));
  if (!started) return undefined;
  try {
    return await worker.run(job, answer, signal);
  } catch (error) {
    // The bytes could not be sent (still ours): the main thread reads them.
    if (error instanceof DOMException && error.name === 'DataCloneError') return undefined;
    throw error;
  }
}

/** A worker's failure as the `DataError` it was. */
function fromWorker(failure: WorkerFailure): DataError {
  return new DataError(failure.kind, failure.message, {
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.member === undefined ? {} : { member: failure.member }),
    ...(failure.cause === undefined ? {} : { cause: new Error(failure.cause) }),
  });
}

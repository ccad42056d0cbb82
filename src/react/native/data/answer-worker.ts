// The data client's worker: reads answers of the data API (decode, parse, check, cut, clean)
// off the page's main thread, one at a time, and sends each back in parts. It is a module of
// its own that the page starts with `new Worker(new URL('./answer-worker.js',
// import.meta.url), { type: 'module' })`, the form hosts' bundlers build (Vite, webpack 5,
// Next's Turbopack); nothing in it is evaluated as code from a string.
import { isDataError } from '../../../protocol';
import { sendInParts } from './answer-parts';
import type { WorkerJob, WorkerReply } from './answer-messages';
import { NO_PAUSE } from './json-slices';
import { readAnswer } from './read-answer';

interface Scope {
  onmessage: ((event: MessageEvent<WorkerJob>) => void) | null;
  postMessage(message: WorkerReply): void;
}
const scope = self as unknown as Scope;

scope.onmessage = (event) => {
  const { id, job, answer } = event.data;
  readAnswer(job, answer, { pace: NO_PAUSE, sliced: false }).then(
    (outcome) => {
      sendInParts(outcome, (message) => scope.postMessage({ id, ...message }));
      scope.postMessage({ id, end: true });
    },
    (error: unknown) => {
      const failed = isDataError(error)
        ? {
            kind: error.kind,
            message: error.message,
            ...(error.status === undefined ? {} : { status: error.status }),
            ...(error.member === undefined ? {} : { member: error.member }),
            ...(error.cause instanceof Error ? { cause: error.cause.message.slice(0, 500) } : {}),
          }
        : { kind: 'server' as const, message: 'the data API answer could not be read' };
      scope.postMessage({ id, error: failed });
    },
  );
};

scope.postMessage({ ready: true });

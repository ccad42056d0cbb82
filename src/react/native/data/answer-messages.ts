import type { DataErrorKind } from '../../../protocol';
import type { AnswerPart } from './answer-parts';
import type { AnswerBytes, AnswerJob } from './read-answer';

// What the page and the data client's worker say to each other.

/** The page to the worker: read this answer (its bytes are transferred). */
export interface WorkerJob {
  id: number;
  job: AnswerJob;
  answer: AnswerBytes;
}

/** A `DataError` as it crosses to the page (a class does not survive structured clone). */
export interface WorkerFailure {
  kind: DataErrorKind;
  message: string;
  status?: number;
  member?: string;
  /** The message of what caused it (a validation issue, say). */
  cause?: string;
}

/**
 * The worker to the page: it is ready; or, per job, the answer's head, its parts, its end, or
 * its failure.
 */
export type WorkerReply =
  | { ready: true }
  | { id: number; head: unknown }
  | ({ id: number } & AnswerPart)
  | { id: number; end: true }
  | { id: number; error: WorkerFailure };

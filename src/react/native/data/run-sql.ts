import { DataError, dataErrorFromAnswer, type SqlResult } from '../../../protocol';
// By its path, not the protocol entry: only code that reads pinned answers ships the decoder.
import { CUBESQL_MAX_BYTES, CUBESQL_MAX_ROWS, type CubeSqlLimits } from '../../../protocol/semantic/sql-result';
import { createAnswerReader, type AnswerReader } from './answer-reader';
import { beforeAbort, readBytes, readCapped, redirectProblem } from './safe-transport';

// A pinned answer re-runs its SQL on the data API's SQL route under the viewer's own data
// token, with the checks the native data path's transport makes: no redirect followed, a
// deadline on the whole exchange, and a size cap on the answer (read as it arrives). Its
// lines are read as the data client reads every answer: a large one off the main thread.

/** What {@link runCubeSql} needs: the viewer's data API and token, the SQL, and bounds. */
export interface CubeSqlRequest extends CubeSqlLimits {
  /** The data API's base, `{deploymentUrl}/cubejs-api/v1` (as a data token's `apiUrl`). */
  apiUrl: string;
  /** The viewer's data token: its security context decides which rows come back. */
  token: string;
  sql: string;
  signal: AbortSignal;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
  /** Whole exchange, answer read included. Default 30 s. */
  timeoutMs?: number;
  /** Reads the answer's lines (the data client's, with its worker). Default: a reader of its own. */
  reader?: AnswerReader;
}

/** Longest error answer read (a message, not a page). */
const MAX_ERROR_BYTES = 64 * 1024;

/**
 * Runs `sql` on `POST {apiUrl}/cubesql` and reads its JSON lines into the chat's
 * {@link SqlResult}. Rejects with a {@link DataError}: `unauthorized` (403: the viewer may not
 * run it), `bad-query` (400, or an `{error}` line), `redirect`, `timeout`, `network`, or
 * `server` (5xx, a malformed or oversized answer). Aborting `signal` rejects with its reason.
 */
export async function runCubeSql(request: CubeSqlRequest): Promise<SqlResult & { missing?: number }> {
  const { apiUrl, token, sql, signal, timeoutMs = 30_000 } = request;
  const url = `${apiUrl.replace(/\/+$/, '')}/cubesql`;
  const origin = new URL(url).origin;
  const timer = AbortSignal.timeout(timeoutMs);
  const deadline = AbortSignal.any([signal, timer]);
  const typed = (error: unknown): unknown => {
    if (signal.aborted) return signal.reason;
    if (timer.aborted) return new DataError('timeout', `no SQL answer within ${Math.round(timeoutMs / 1000)} s`);
    if (error instanceof DataError) return error;
    return new DataError('network', 'the SQL request did not reach the data API', { cause: error });
  };
  try {
    // The deadline holds even for a host's `fetch` that ignores its signal.
    const response = await beforeAbort(
      (request.fetch ?? globalThis.fetch)(url, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: sql }),
        // A redirect could send the SQL to another origin and show its rows: none is followed.
        redirect: 'manual',
        signal: deadline,
      }),
      deadline,
    );
    const redirect = redirectProblem(response, origin);
    if (redirect) {
      void response.body?.cancel().catch(() => undefined);
      throw redirect;
    }
    if (!response.ok) {
      const text = await readCapped(response, MAX_ERROR_BYTES, deadline).catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: its text is the message.
      }
      throw dataErrorFromAnswer(response.status, body);
    }
    const maxBytes = request.maxBytes ?? CUBESQL_MAX_BYTES;
    const reader = request.reader ?? createAnswerReader();
    let answer;
    try {
      answer = await readBytes(response, maxBytes, deadline, { bytes: reader.aboveBytes, then: reader.warm });
    } catch (error) {
      if (error instanceof DataError)
        throw new DataError('server', `the SQL answer is larger than ${maxBytes} bytes`, { status: response.status });
      if (deadline.aborted) throw error;
      throw new DataError('network', 'the SQL answer broke off before it ended', { cause: error });
    }
    const outcome = await beforeAbort(
      reader.read({ endpoint: 'sql', sql, maxRows: request.maxRows ?? CUBESQL_MAX_ROWS }, answer, deadline),
      deadline,
    );
    if (outcome.kind !== 'sql') throw new DataError('server', 'the SQL answer is not what the data API sends');
    return outcome.result;
  } catch (error) {
    throw typed(error);
  }
}

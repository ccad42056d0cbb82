// The data answers benchmark's page: the native widgets' data client (as a provider makes it)
// against the bench server's data API, one scenario per call. What the main thread spends on
// each answer is read from a Chrome trace by the runner (data.bench.ts); the page reports
// what came back, so a run that read nothing is not counted as fast.
import { createDataClient } from '../../../src/react/native/data/data-client';
import { saveQueryCsv } from '../../../src/react/native/data/save-query-csv';
import type { SemanticQuery } from '../../../src/protocol';

/** One call of the page: which answer, and the data client's settings. */
export interface DataRun {
  /** The bench server's scenario (its answers, under `/s/{scenario}/`). */
  scenario: string;
  kind: 'load' | 'meta' | 'sql' | 'csv';
  query?: SemanticQuery;
  sql?: string;
  maxAnswerBytes?: number;
  /** False: no worker (answers over 256 KiB read in slices). */
  answerWorker?: boolean;
  /** Answers over this many bytes leave the main thread (0: every answer through the worker). */
  workerAboveBytes?: number;
}

/** What a call saw. */
export interface DataOutcome {
  ms: number;
  /** Rows kept (load, sql), members (meta) or rows saved (csv); -1 on an error. */
  count: number;
  /** The error's kind and message, when it failed (as some scenarios must). */
  error?: string;
  /** The longest task the page's Long Tasks API saw (0: none over 50 ms), a check on the trace. */
  longTask: number;
}

declare global {
  interface Window {
    dataBench: (run: DataRun) => Promise<DataOutcome>;
  }
}

// Saving a CSV clicks a download link: the bench counts the rows, it needs no file.
URL.createObjectURL = () => 'about:blank';
HTMLAnchorElement.prototype.click = () => {};

window.dataBench = async (run) => {
  const client = createDataClient({
    apiUrl: `${location.origin}/s/${run.scenario}/cubejs-api/v1`,
    getDataToken: () => async () => 'bench-token',
    ...(run.maxAnswerBytes ? { maxAnswerBytes: run.maxAnswerBytes } : {}),
    ...(run.answerWorker === undefined ? {} : { answerWorker: run.answerWorker }),
    ...(run.workerAboveBytes === undefined ? {} : { workerAboveBytes: run.workerAboveBytes }),
  });
  const signal = new AbortController().signal;
  let longTask = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTask = Math.max(longTask, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const start = performance.now();
  let count = -1;
  let error: string | undefined;
  try {
    if (run.kind === 'load') count = (await client.load(run.query!, signal)).data.length;
    else if (run.kind === 'meta')
      count = (await client.meta(signal)).cubes.reduce((n, c) => n + c.measures.length + c.dimensions.length, 0);
    else if (run.kind === 'sql') count = (await client.sql!(run.sql!, signal)).rows.length;
    else count = (await saveQueryCsv(client, run.query!, 'Bench', { signal })).rows;
  } catch (e) {
    const failed = e as { kind?: string; message?: string };
    error = `${failed.kind ?? 'error'}: ${String(failed.message).slice(0, 120)}`;
  }
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const entry of observer.takeRecords()) longTask = Math.max(longTask, entry.duration);
  observer.disconnect();
  return { ms, count, longTask, ...(error ? { error } : {}) };
};

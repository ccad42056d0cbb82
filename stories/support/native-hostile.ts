// Mock answers bent the way a hostile or broken data API would bend them, for the native
// widgets' stories: the mock answers, then the story rewrites `/load`'s JSON (or fails it).

/** One query's answer as the data API sends it (loosely: the story rewrites it). */
export interface LoadAnswer {
  query: Record<string, unknown>;
  data: Record<string, unknown>[];
  annotation: {
    measures: Record<string, Record<string, unknown>>;
    dimensions: Record<string, Record<string, unknown>>;
    timeDimensions: Record<string, Record<string, unknown>>;
  };
  total?: number;
  [key: string]: unknown;
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
const isLoad = (url: string) => /\/cubejs-api\/v1\/load/.test(url);

/** A `fetch` whose `/load` answers `transform` rewrites (one answer, or each of a multi-query's). */
export function rewriteLoad(transform: (answer: LoadAnswer) => LoadAnswer): typeof fetch {
  const intercept = rewriteAnswers(transform);
  return (input, init) => intercept(urlOf(input), init, (i, n) => fetch(i, n));
}

/** The same as an interceptor of `NativeFrame` (`intercept`). */
export function rewriteAnswers(
  transform: (answer: LoadAnswer) => LoadAnswer,
): (url: string, init: RequestInit | undefined, next: typeof fetch) => Promise<Response> {
  return async (url, init, next) => {
    const response = await next(url, init);
    if (!isLoad(url) || !response.ok) return response;
    const body = (await response.json()) as { results?: LoadAnswer[]; error?: unknown } & LoadAnswer;
    // "Continue wait" and errors pass as they came.
    const rewritten = body.error
      ? body
      : Array.isArray(body.results)
        ? { ...body, results: body.results.map(transform) }
        : transform(body);
    return new Response(JSON.stringify(rewritten), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** A switch a story's play function flips: while `down`, `/load` answers 500. */
export function outage() {
  const state = { down: true };
  const fetchFn: typeof fetch = (input, init) =>
    state.down && isLoad(urlOf(input))
      ? Promise.resolve(
          new Response(JSON.stringify({ error: 'The data source is unavailable' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
        )
      : fetch(input, init);
  return { state, fetch: fetchFn };
}

/** `count` rows like the answer's first, each with its own value of `member` ("Value 0001"). */
export function flood(answer: LoadAnswer, member: string, count: number): LoadAnswer {
  const first = answer.data[0] ?? {};
  const data = Array.from({ length: count }, (_, i) => ({ ...first, [member]: `Value ${String(i).padStart(4, '0')}` }));
  return { ...answer, data };
}

import { ResultSet } from '@cubejs-client/core';
import { getFormat } from '@cubejs-client/core/format';
import {
  DataError,
  dataApiBaseUrl,
  dataErrorFromAnswer,
  defaultSessionPathUrls,
  DeploymentResponseSchema,
  DeploymentTokenResponseSchema,
  embedTokenAuthorization,
  EmbedTokenResponseSchema,
  isDataError,
  isDeploymentId,
  MAX_CHART_ROWS,
  queryMembers,
  serviceUrlProblem,
  type SemanticQuery,
  type SessionPathUrls,
} from '../../../protocol';
import type { GetSession } from '../../embed/session';
import type { GetDataToken, SemanticDataConfig } from './config';
import { createAnswerReader } from './answer-reader';
import type { AnswerJob, AnswerOutcome } from './read-answer';
import { runCubeSql } from './run-sql';
import { beforeAbort, DEFAULT_TRANSPORT_LIMITS, redirectProblem, requestAnswer } from './safe-transport';
import type { DataSource, SemanticResult } from './semantic-result';
import { createTokenManager, jwtExpiry, type DataToken } from './token-manager';

// The lazy part of the data path: the session exchange and the token, the data API's
// requests ("Continue wait" polled), their answers read off the main thread (read-answer.ts,
// in the worker of answer-reader.ts), and `@cubejs-client/core` for result sets (pivots,
// missing dates) and number formats. Nothing here loads before a widget asks for data.

/** The provider's settings as the client reads them: functions are read when called. */
export interface DataClientConfig extends Omit<SemanticDataConfig, 'getSession' | 'getDataToken' | 'urls'> {
  getSession?: () => GetSession | undefined;
  getDataToken?: () => GetDataToken | undefined;
  urls?: () => Partial<SessionPathUrls> | undefined;
  /** Answers larger than this (bytes) are read off the main thread; default 256 KiB (tests and the bench lower it). */
  workerAboveBytes?: number;
}

const MINT_TIMEOUT_MS = 15_000;

function checkedUrl(url: string, what: string): string {
  const problem = serviceUrlProblem(url);
  if (problem) throw new DataError('server', `${what}: ${problem}`);
  return url;
}

/** A JSON request of the session path: answers checked against `schema`, failures typed. */
async function exchange<T>(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  parse: (body: unknown) => T,
  what: string,
): Promise<T> {
  const signal = init.signal ?? AbortSignal.timeout(MINT_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    // No redirect is followed: it would carry the session (or the embed token) elsewhere.
    response = await beforeAbort(fetcher(url, { ...init, redirect: 'manual', signal }), signal);
    const redirect = redirectProblem(response, new URL(url).origin);
    if (redirect) {
      void response.body?.cancel().catch(() => undefined);
      throw new DataError('redirect', `${what}: ${redirect.message.replace('the data API ', '')}`, {
        status: response.status,
      });
    }
    text = await beforeAbort(response.text(), signal);
  } catch (error) {
    if (isDataError(error)) throw error;
    if (signal.aborted) throw new DataError('timeout', `${what}: no answer in time`, { cause: error });
    throw new DataError('network', `${what}: the request failed`, { cause: error });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const error = dataErrorFromAnswer(response.status, body);
    // A refused exchange is the identity's problem, not the query's.
    throw response.status < 500 && error.kind === 'bad-query'
      ? new DataError('unauthorized', `${what}: ${error.message}`, { status: response.status })
      : error;
  }
  try {
    return parse(body);
  } catch (error) {
    throw new DataError('server', `${what}: the answer is not valid`, { status: response.status, cause: error });
  }
}

/** Mints a token from the provider's configuration: the host's token, or the session path. */
function minter(config: DataClientConfig, fetcher: typeof fetch): () => Promise<DataToken> {
  let deploymentUrl: string | undefined;
  return async () => {
    const signal = AbortSignal.timeout(MINT_TIMEOUT_MS);
    const getDataToken = config.getDataToken?.();
    if (getDataToken) {
      if (!config.apiUrl) throw new DataError('unauthorized', 'getDataToken needs the data API URL (apiUrl)');
      let result;
      try {
        result = await beforeAbort(getDataToken({ signal }), signal);
      } catch (error) {
        if (signal.aborted) throw new DataError('timeout', 'getDataToken: no answer in time', { cause: error });
        throw new DataError('unauthorized', 'getDataToken failed', { cause: error });
      }
      const token = typeof result === 'string' ? result : result?.token;
      if (typeof token !== 'string' || token === '') throw new DataError('unauthorized', 'getDataToken gave no token');
      const expiresAt =
        typeof result === 'object' && result.expiresAt !== undefined ? result.expiresAt : jwtExpiry(token);
      return { token, apiUrl: dataApiBaseUrl(checkedUrl(config.apiUrl, 'apiUrl')), expiresAt };
    }
    const getSession = config.getSession?.();
    const { deploymentId, baseUrl } = config;
    if (!getSession || !baseUrl || deploymentId === undefined)
      throw new DataError(
        'unauthorized',
        'no way to get a data token: give getDataToken and apiUrl, or deploymentId inside an EmbedProvider (or baseUrl and getSession)',
      );
    if (!isDeploymentId(deploymentId))
      throw new DataError(
        'unauthorized',
        `deploymentId must be a positive integer; got ${JSON.stringify(deploymentId)}`,
      );
    checkedUrl(baseUrl, 'baseUrl');
    // A builder left undefined keeps its default.
    const own = Object.entries(config.urls?.() ?? {}).filter(([, build]) => typeof build === 'function');
    const urls: SessionPathUrls = { ...defaultSessionPathUrls, ...Object.fromEntries(own) };
    let session;
    try {
      session = await beforeAbort(
        getSession({ signal, reason: 'initial', target: { surface: 'app', deploymentId } }),
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw new DataError('timeout', 'getSession: no answer in time', { cause: error });
      throw new DataError('unauthorized', 'getSession failed', { cause: error });
    }
    const sessionId = typeof session === 'string' ? session : session?.sessionId;
    if (typeof sessionId !== 'string' || sessionId === '')
      throw new DataError('unauthorized', 'getSession resolved without a sessionId');
    const { token: embedToken } = await exchange(
      fetcher,
      urls.embedToken(baseUrl),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId }), signal },
      (body) => EmbedTokenResponseSchema.parse(body, 'embed token answer'),
      'the session exchange',
    );
    const headers = { Authorization: embedTokenAuthorization(embedToken) };
    // The deployment's URL does not change: asked once, in parallel with the first data token.
    const [url, { cubeApiToken }] = await Promise.all([
      deploymentUrl ??
        exchange(
          fetcher,
          urls.deployment(baseUrl, deploymentId),
          { headers, signal },
          (body) => DeploymentResponseSchema.parse(body, 'deployment answer').deploymentUrl,
          'the deployment',
        ),
      exchange(
        fetcher,
        urls.deploymentToken(baseUrl, deploymentId),
        { method: 'POST', headers, signal },
        (body) => DeploymentTokenResponseSchema.parse(body, 'data token answer'),
        'the data token',
      ),
    ]);
    deploymentUrl = checkedUrl(url, 'deploymentUrl');
    return { token: cubeApiToken, apiUrl: dataApiBaseUrl(deploymentUrl), expiresAt: jwtExpiry(cubeApiToken) };
  };
}

/** A wait that ends early, with `signal`'s reason, when it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return beforeAbort(new Promise<void>((resolve) => setTimeout(resolve, ms)), signal);
}

/**
 * The data source of a provider: one token for every request (reused, re-minted once when
 * refused), the data API's answers read as bytes within a deadline and up to a size, then
 * checked and cleaned off the main thread, as plain {@link SemanticResult}s.
 */
export function createDataClient(config: DataClientConfig): DataSource {
  const fetcher: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const tokens = createTokenManager({
    mint: minter(config, fetcher),
    ...(config.refreshBeforeMs === undefined ? {} : { refreshBeforeMs: config.refreshBeforeMs }),
  });
  const limits = {
    ...DEFAULT_TRANSPORT_LIMITS,
    ...(config.maxAnswerBytes ? { maxAnswerBytes: config.maxAnswerBytes } : {}),
  };
  const timeoutMs = config.timeoutMs ?? 60_000;
  const reader = createAnswerReader({ worker: config.answerWorker, workerAboveBytes: config.workerAboveBytes });

  /**
   * Asks `endpoint` with a token until the answer is not "Continue wait" (a bounded number of
   * polls, a little apart once the first few were quick); refused once, it asks again with a
   * fresh token, and no more.
   */
  async function ask(
    signal: AbortSignal,
    endpoint: 'load' | 'meta',
    params: Record<string, unknown>,
    job: AnswerJob,
    onWait?: () => void,
  ): Promise<AnswerOutcome> {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get();
      const deadline = AbortSignal.timeout(timeoutMs);
      const combined = AbortSignal.any([signal, deadline]);
      const timedOut = () => deadline.aborted && !signal.aborted;
      try {
        for (let polls = 0; ;) {
          const answer = await requestAnswer({
            apiUrl: token.apiUrl,
            token: token.token,
            endpoint,
            params,
            fetch: fetcher,
            maxAnswerBytes: limits.maxAnswerBytes,
            signal: combined,
            deadline,
            timedOut,
            large: { bytes: reader.aboveBytes, then: reader.warm },
          });
          const outcome = await beforeAbort(reader.read(job, answer, combined), combined);
          if (outcome.kind !== 'wait') return outcome;
          polls += 1;
          onWait?.();
          if (polls > limits.maxPolls)
            throw new DataError('timeout', `the query was still running after ${limits.maxPolls} polls`, {
              status: 200,
            });
          if (polls > 3) await sleep(Math.min(100 * polls, 1_000), combined);
        }
      } catch (error) {
        // A cancel stays a cancel (TanStack Query drops it), whatever it broke.
        if (signal.aborted && !isDataError(error)) throw error;
        // Whatever broke at the deadline is a timeout.
        const typed =
          !isDataError(error) && timedOut()
            ? new DataError('timeout', 'the data API did not answer in time', { cause: error })
            : isDataError(error)
              ? error
              : new DataError('server', 'the data API answer could not be read', { cause: error });
        if (typed.kind === 'unauthorized' && attempt === 0) {
          tokens.refused(token);
          continue;
        }
        throw typed;
      }
    }
  }

  return {
    load: async (query: SemanticQuery, signal: AbortSignal, onWait?: () => void) => {
      const members = queryMembers(query);
      const outcome = await ask(
        signal,
        'load',
        { query, queryType: 'multi' },
        { endpoint: 'load', query, members },
        onWait,
      );
      if (outcome.kind !== 'load') throw new DataError('server', 'the data API answer could not be read');
      return outcome.result;
    },
    meta: async (signal: AbortSignal) => {
      const outcome = await ask(signal, 'meta', {}, { endpoint: 'meta' });
      if (outcome.kind !== 'meta') throw new DataError('server', 'the data API answer could not be read');
      return outcome.meta;
    },
    // The SQL route, with the same token (re-minted once when refused) and the same checks.
    sql: async (query: string, signal: AbortSignal) => {
      for (let attempt = 0; ; attempt++) {
        const token = await tokens.get();
        try {
          return await runCubeSql({
            apiUrl: token.apiUrl,
            token: token.token,
            sql: query,
            signal,
            fetch: fetcher,
            timeoutMs,
            // What a chart draws within the main thread's budget (see MAX_CHART_ROWS).
            maxRows: MAX_CHART_ROWS,
            reader,
            ...(config.maxAnswerBytes ? { maxBytes: config.maxAnswerBytes } : {}),
          });
        } catch (error) {
          if (isDataError(error) && error.kind === 'unauthorized' && attempt === 0) {
            tokens.refused(token);
            continue;
          }
          throw error;
        }
      }
    },
    reset: () => tokens.clear(),
  };
}

/**
 * `@cubejs-client/core`'s `ResultSet` for an answer: pivots for charts, and missing dates of
 * a time series filled.
 */
export function toResultSet(result: SemanticResult): ResultSet {
  return new ResultSet({
    queryType: 'regularQuery',
    results: [{ query: result.query, data: result.data, annotation: result.annotation }],
    pivotQuery: result.pivotQuery ?? { ...result.query, queryType: 'regularQuery' },
  } as never);
}

/**
 * A d3 specifier (a member's `custom-numeric` format) as a formatter, through
 * `@cubejs-client/core`'s own formatting (d3-format with the locale's separators);
 * undefined for a specifier d3 does not take.
 */
export function customNumberFormat(specifier: string, locale: string): ((value: number) => string) | undefined {
  try {
    const { formatFunc } = getFormat(
      { type: 'number', format: { type: 'custom-numeric', value: specifier } },
      { locale },
    );
    formatFunc(0); // a bad specifier throws here, not while rendering
    return (value) => String(formatFunc(value));
  } catch {
    return undefined;
  }
}

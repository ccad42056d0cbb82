// `{deploymentUrl}/cubejs-api/v1/meta` and `/load`: the semantic layer's REST API, mocked.
import {
  CONTINUE_WAIT,
  SemanticQuerySchema,
  v,
  type DataTokenPayload,
  type LoadResult,
  type SemanticQuery,
  type TimeDimension,
} from '../../protocol';
import { securityFilters, visibleRows, viewerOf, type Viewer } from '../dataset';
import type { MockFaults } from '../faults';
import type { MockFixture } from '../fixture';
import { errorResponse, json, MockHttpError, readBody } from '../http';
import { userKey, type MockState } from '../state';
import { verifyDataToken } from './auth';
import { wallClock } from './dates';
import { CUBE, dataModel } from './model';
import { runSemanticQuery } from './run-query';

/**
 * The instant relative date ranges (`last 30 days`, `this year`) are read against by
 * default: noon UTC on the last day of the fixture's data (2024-12-31), so they find rows
 * and tests are the same on any day.
 */
export const MOCK_DATA_NOW = Date.UTC(2024, 11, 31, 12);

/** What the data API needs from the mock around it. */
export interface DataApiContext {
  fixture: MockFixture;
  state: MockState;
  secret: string;
  /** The clock tokens expire by. */
  now: () => number;
  /** The instant relative date ranges are read against. */
  dataNow: () => number;
  faults: MockFaults;
  /** `Continue wait` answers given per query, for the `continueWaitTimes` fault. */
  waits: Map<string, number>;
}

const LoadBodySchema = v.object({ query: v.unknown(), queryType: v.optional(v.string()) });

/** Handles `cubejs-api/v1/{endpoint}`; `endpoint` is the path after `v1/`. */
export async function handleDataApi(context: DataApiContext, request: Request, endpoint: string): Promise<Response> {
  const method = request.method.toUpperCase();
  if (endpoint !== 'meta' && endpoint !== 'load') return errorResponse(404, 'Not found');
  if (endpoint === 'meta' ? method !== 'GET' : method !== 'GET' && method !== 'POST')
    return errorResponse(405, 'Method not allowed');
  const payload = await verifyDataToken(request, context.secret, context.now());
  const model = dataModel(context.fixture);
  if (endpoint === 'meta') return json(model?.meta ?? { cubes: [] });

  let raw: unknown;
  let queryType: string | null;
  const url = new URL(request.url);
  if (method === 'GET') {
    const text = url.searchParams.get('query');
    if (text === null) throw new MockHttpError(400, 'The query parameter is required');
    try {
      raw = JSON.parse(text);
    } catch {
      throw new MockHttpError(400, 'The query parameter is not valid JSON');
    }
    queryType = url.searchParams.get('queryType');
  } else {
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? ''))
      throw new MockHttpError(415, 'The data API takes JSON bodies only (Content-Type: application/json)');
    const body = await readBody(request, LoadBodySchema, 'load request');
    raw = body.query;
    queryType = body.queryType ?? url.searchParams.get('queryType');
  }
  const multi = queryType === 'multi';
  const queries = (Array.isArray(raw) ? raw : [raw]).map((query, i) => {
    const parsed = SemanticQuerySchema.safeParse(query, Array.isArray(raw) ? `query[${i}]` : 'query');
    if (!parsed.success) throw new MockHttpError(400, `Invalid query format: ${parsed.error.message}`);
    return parsed.data;
  });
  if (queries.length === 0) throw new MockHttpError(400, 'No query given');
  if (!model)
    throw new MockHttpError(400, `Unknown member '${queries[0]!.measures?.[0] ?? 'any'}': the data model is empty`);

  // Long queries: 200 `Continue wait` N times, then the answer (and the count starts again).
  const times = context.faults.continueWaitTimes ?? 0;
  if (times > 0) {
    const key = `${request.headers.get('Authorization')}\n${JSON.stringify(raw)}`;
    const given = context.waits.get(key) ?? 0;
    if (given < times) {
      context.waits.set(key, given + 1);
      return json({ error: CONTINUE_WAIT });
    }
    context.waits.delete(key);
  }

  const viewer = viewerFor(context, payload);
  const visible = new Set<readonly (string | number)[]>(visibleRows(context.fixture, model.table.name, viewer));
  const rows = model.rows.filter((row) => visible.has(row.source));
  const security = securityFilters(context.fixture, CUBE, new Set(model.dimensions.keys()), viewer);
  const instant = context.now();
  const run = (query: SemanticQuery): LoadResult =>
    runSemanticQuery(query, {
      model,
      rows,
      security,
      now: wallClock(context.dataNow(), query.timezone ?? 'UTC'),
      instant,
      ungroupedNeedsPrimaryKey: context.faults.ungroupedNeedsPrimaryKey ?? false,
    });

  const compare = queries.length === 1 && queries[0]!.timeDimensions?.some((t) => t.compareDateRange);
  const type = compare ? 'compareDateRangeQuery' : queries.length > 1 ? 'blendingQuery' : 'regularQuery';
  if (type !== 'regularQuery' && !multi)
    throw new MockHttpError(400, `'${type}' query type is not supported by the client.Please update the client.`);
  if (!multi) return json(run(queries[0]!));
  const results = compare ? compareResults(queries[0]!, run) : queries.map(run);
  return json({ queryType: type, results, pivotQuery: pivotQuery(type, results), slowQuery: false });
}

/**
 * One result per range of the query's `compareDateRange`, each row keyed `compareDateRange`
 * with its range (`"<start> - <end>"`), as the server answers them.
 */
function compareResults(query: SemanticQuery, run: (query: SemanticQuery) => LoadResult): LoadResult[] {
  const index = query.timeDimensions!.findIndex((t) => t.compareDateRange);
  const { compareDateRange, ...time } = query.timeDimensions![index]!;
  if (query.timeDimensions!.some((t, i) => i !== index && t.compareDateRange))
    throw new MockHttpError(400, 'compareDateRange can only exist for one timeDimension');
  return compareDateRange!.map((dateRange) => {
    const result = run({
      ...query,
      timeDimensions: query.timeDimensions!.map((t, i) => (i === index ? { ...time, dateRange } : t)),
    });
    const range = (result.query!.timeDimensions as TimeDimension[])[index]!.dateRange as [string, string];
    const label = `${range[0]} - ${range[1]}`;
    return { ...result, data: result.data.map((row) => ({ ...row, compareDateRange: label })) };
  });
}

/**
 * The multi answer's `pivotQuery`: the first result's query, marked with the query type (a
 * comparison's with the `compareDateRange` dimension first). The server builds it from the
 * first result's own query object, so that result's echo shows the same marks.
 */
function pivotQuery(type: string, results: LoadResult[]): Record<string, unknown> {
  const first = results[0]!.query!;
  if (type === 'blendingQuery') {
    // A new query over all of them, on the one granularity they share.
    const all = (key: string) => [...new Set(results.flatMap((r) => (r.query![key] as string[] | undefined) ?? []))];
    const granularities = new Set(
      results.map((r) => (r.query!.timeDimensions as TimeDimension[] | undefined)?.[0]?.granularity).filter(Boolean),
    );
    if (granularities.size > 1) throw new MockHttpError(400, 'Data blending query granularities must match');
    if (granularities.size === 0)
      throw new MockHttpError(400, 'Data blending query without granularity is not supported');
    const [granularity] = granularities;
    return {
      measures: all('measures'),
      dimensions: all('dimensions'),
      timeDimensions: [{ dimension: 'time', granularity }],
      queryType: type,
    };
  }
  if (type === 'compareDateRangeQuery')
    first.dimensions = ['compareDateRange', ...((first.dimensions as string[] | undefined) ?? [])];
  first.queryType = type;
  return first;
}

/**
 * Row-level security from the token, by the rules the chat and the embeds apply: an
 * internal user's stored groups and attributes; an external user's from the token itself.
 */
export function viewerFor(context: DataApiContext, payload: DataTokenPayload): Viewer {
  if (payload.internalId !== undefined) {
    for (const account of context.state.accounts.values()) {
      const user = context.state.user(account, userKey('internal', payload.internalId));
      if (user) return viewerOf(user);
    }
    throw new MockHttpError(403, `Internal user ${payload.internalId} not found`);
  }
  const viewer: Viewer = { attributes: new Map(), groups: new Set(payload.groups ?? []) };
  for (const { name, value } of payload.userAttributes ?? []) viewer.attributes.set(name, value);
  return viewer;
}

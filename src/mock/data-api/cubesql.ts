// `POST {deploymentUrl}/cubejs-api/v1/cubesql` with a data token, as a browser calls it to
// re-run a pinned answer's SQL under the viewer's identity: `{ query }` in, JSON lines out (a
// `{schema}` line, then `{data: [[…]]}` lines), with the row-level security of `/load`.
import { v } from '../../protocol';
import { securityFilters, visibleRows, type QueryResult, type Viewer } from '../dataset';
import { MockHttpError, readBody } from '../http';
import { verifyDataToken } from './auth';
import { wallClock } from './dates';
import { viewerFor, type DataApiContext } from './handler';
import { CUBE, dataModel } from './model';
import { runSqlApi } from './sql-api';

/** Longest SQL text the route reads, in UTF-16 code units. */
export const MAX_CUBESQL_LENGTH = 100_000;
/** Rows per `{data}` line. */
export const CUBESQL_ROWS_PER_LINE = 1000;

const CubeSqlBodySchema = v.object({ query: v.string() });

/** A result as the SQL route's JSON lines: the schema, then the rows in chunks. */
export function cubeSqlLines(result: QueryResult): string {
  const lines = [JSON.stringify({ schema: result.schema })];
  for (let i = 0; i < result.data.length; i += CUBESQL_ROWS_PER_LINE)
    lines.push(JSON.stringify({ data: result.data.slice(i, i + CUBESQL_ROWS_PER_LINE) }));
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the route's SQL for `viewer` (see `runSqlApi`): the data model's rows this viewer may
 * see, its row-level security as `/load` adds it. A query over 100,000 characters is a 400.
 */
export function runSqlRoute(context: DataApiContext, sql: string, viewer: Viewer): QueryResult {
  if (sql.length > MAX_CUBESQL_LENGTH) throw new MockHttpError(400, `query is over ${MAX_CUBESQL_LENGTH} characters`);
  const model = dataModel(context.fixture);
  const run = model && {
    rows: (() => {
      const visible = new Set<readonly (string | number)[]>(visibleRows(context.fixture, model.table.name, viewer));
      return model.rows.filter((row) => visible.has(row.source));
    })(),
    security: securityFilters(context.fixture, CUBE, new Set(model.dimensions.keys()), viewer),
    now: wallClock(context.dataNow(), 'UTC'),
    instant: context.now(),
    ungroupedNeedsPrimaryKey: context.faults.ungroupedNeedsPrimaryKey ?? false,
  };
  return runSqlApi(sql, context.fixture, viewer, model, run ?? undefined);
}

/**
 * The SQL route for a data token (`Authorization: <token>` or `Bearer <token>`): 403 without
 * a valid one, 415 for a body that is not JSON's type, 400 for SQL it does not read (saying
 * what), rows limited by the token's security context as `/load`'s are.
 */
export async function handleCubeSql(context: DataApiContext, request: Request): Promise<Response> {
  const payload = await verifyDataToken(request, context.secret, context.now());
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? ''))
    throw new MockHttpError(415, 'The SQL API takes JSON bodies only (Content-Type: application/json)');
  const { query } = await readBody(request, CubeSqlBodySchema, 'cubesql request');
  const result = runSqlRoute(context, query, viewerFor(context, payload));
  return new Response(cubeSqlLines(result), { headers: { 'Content-Type': 'application/json' } });
}

// `POST {deploymentUrl}/cubejs-api/v1/cubesql` with a data token, as a browser calls it to
// re-run a pinned answer's SQL under the viewer's identity: `{ query }` in, JSON lines out (a
// `{schema}` line, then `{data: [[…]]}` lines), with the row-level security of `/load`.
import { v } from '../../protocol';
import { parseSql, runQuery, type QueryResult } from '../dataset';
import { MockHttpError, readBody } from '../http';
import { verifyDataToken } from './auth';
import { viewerFor, type DataApiContext } from './handler';

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
 * The SQL route for a data token (`Authorization: <token>` or `Bearer <token>`): 403 without
 * a valid one, 415 for a body that is not JSON's type, 400 for SQL the mock cannot run (only
 * the aggregate queries its agent writes), rows limited by the token's security context.
 */
export async function handleCubeSql(context: DataApiContext, request: Request): Promise<Response> {
  const payload = await verifyDataToken(request, context.secret, context.now());
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? ''))
    throw new MockHttpError(415, 'The SQL API takes JSON bodies only (Content-Type: application/json)');
  const { query } = await readBody(request, CubeSqlBodySchema, 'cubesql request');
  if (query.length > MAX_CUBESQL_LENGTH) throw new MockHttpError(400, `query is over ${MAX_CUBESQL_LENGTH} characters`);
  const result = runQuery(context.fixture, parseSql(query), viewerFor(context, payload));
  return new Response(cubeSqlLines(result), { headers: { 'Content-Type': 'application/json' } });
}

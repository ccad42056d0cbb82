// The SQL the mock's SQL route (`/cubejs-api/v1/cubesql`) reads: the SQL API's own forms over
// the data model's cubes and views, run as the semantic query they are (the same rows, the
// same row-level security as `/load`); and, apart from those, the table SQL the mock's agent
// writes over its fixture tables (`SUM(orders)`, `month`), which no cube has.
import { MAX_QUERY_LIMIT, type LoadRow, type RowValue, type SemanticQuery } from '../../protocol';
import { sqlToSemanticQuery, type SqlSelectColumn } from '../../protocol/semantic/sql-query';
import { parseSql, runQuery, type QueryResult, type Viewer } from '../dataset';
import type { MockFixture } from '../fixture';
import { MockHttpError } from '../http';
import type { DataModel } from './model';
import type { RunContext } from './run-query';
import { runSemanticQuery } from './run-query';

/** A column type as the SQL API names it. */
function columnType(column: SqlSelectColumn, model: DataModel): string {
  if (column.kind === 'time') return 'Timestamp';
  if (column.kind === 'measure') return model.measures.get(column.member)?.answer === 'integer' ? 'Int64' : 'Double';
  const type = model.dimensions.get(column.member)?.meta.type;
  return type === 'time' ? 'Timestamp' : type === 'number' ? 'Double' : type === 'boolean' ? 'Boolean' : 'String';
}

/** A cell as the route writes it: text (numbers too, as the SQL API's JSON does), or null. */
const cellText = (value: RowValue | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/**
 * Runs `sql` for `viewer`: the SQL API's forms over the model (`SELECT region,
 * MEASURE(revenue) FROM orders WHERE country IN ('France', 'Spain') GROUP BY 1 ORDER BY 2 DESC
 * LIMIT 5 OFFSET 5`: `MEASURE()`, aggregates matching a measure's type, `COUNT(*)` for a cube's
 * count measure, dimensions and times in `WHERE`, ordinals, `LIMIT`/`OFFSET`), run through
 * `/load`'s own query code; else the mock agent's table SQL. Anything else is a 400 that says
 * what is not supported. No `ORDER BY` means no order, as the SQL API has it; no `LIMIT`, up to
 * {@link MAX_QUERY_LIMIT} rows.
 */
export function runSqlApi(
  sql: string,
  fixture: MockFixture,
  viewer: Viewer,
  model: DataModel | null,
  context: Omit<RunContext, 'model'> | undefined,
): QueryResult {
  const translated = model ? sqlToSemanticQuery(sql, model.meta, { sqlApi: true }) : undefined;
  if (translated?.ok && model && context) {
    const query: SemanticQuery = {
      ...translated.query,
      order: translated.query.order ?? [],
      limit: translated.query.limit ?? MAX_QUERY_LIMIT,
    };
    const result = runSemanticQuery(query, { ...context, model });
    return {
      schema: translated.columns.map((column) => ({ name: column.name, column_type: columnType(column, model) })),
      data: result.data.map((row: LoadRow) => translated.columns.map((column) => cellText(row[column.key]))),
    };
  }
  // The agent's own table SQL, which reads the fixture's columns rather than members.
  let agent;
  try {
    agent = parseSql(sql);
  } catch {
    agent = undefined;
  }
  if (agent) return runQuery(fixture, agent, viewer);
  const reason = translated && !translated.ok ? translated.message : 'there is no data model';
  throw new MockHttpError(400, `The SQL API cannot run this query: ${reason}`);
}

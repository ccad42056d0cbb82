import type { QueryFilter, UserAttributeValue } from '../protocol';
import type { FixtureTable, MockFixture } from './fixture';
import { MockHttpError } from './http';
import type { UserRecord } from './state';

/** An aggregate query: one measure by one dimension, the shape the mock agent writes. */
export interface AggregateQuery {
  table: string;
  dimension: string;
  measure: string;
  aggregate: 'SUM' | 'AVG' | 'COUNT';
  orderBy: 'dimension' | 'measure';
  direction: 'ASC' | 'DESC';
  limit?: number;
  /** Only the rows whose `column` is `value` (`WHERE region = 'Europe'`). */
  where?: { column: string; value: string };
  /** And whose other columns are these values (`AND category = 'Toys'`). */
  and?: { column: string; value: string }[];
  /** And whose month is in this range, both ends in (`AND month >= '2024-10' AND month <= '2024-12'`). */
  months?: { from: string; to: string };
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The query's conditions as a WHERE clause (empty when none). */
function whereClause(query: AggregateQuery): string {
  const conditions = [...(query.where ? [query.where] : []), ...(query.and ?? [])].map(
    ({ column, value }) => `${column} = ${quote(value)}`,
  );
  if (query.months) conditions.push(`month >= ${quote(query.months.from)}`, `month <= ${quote(query.months.to)}`);
  return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** What row-level security needs to know about a user. */
export interface Viewer {
  attributes: Map<string, UserAttributeValue['value']>;
  groups: Set<string>;
}

/** A user's attributes and groups across every catalog scope. */
export function viewerOf(user: UserRecord | undefined): Viewer {
  const attributes = new Map<string, UserAttributeValue['value']>();
  const groups = new Set<string>();
  if (user) {
    for (const values of user.attributes.values()) for (const [name, value] of values) attributes.set(name, value);
    for (const names of user.groups.values()) for (const name of names) groups.add(name);
  }
  return { attributes, groups };
}

/** The SQL text for a query. */
export function toSql(query: AggregateQuery): string {
  const value = query.aggregate === 'COUNT' ? 'COUNT(*)' : `${query.aggregate}(${query.measure})`;
  const order = query.orderBy === 'dimension' ? query.dimension : query.measure;
  const limit = query.limit === undefined ? '' : ` LIMIT ${query.limit}`;
  const where = whereClause(query);
  return `SELECT ${query.dimension}, ${value} AS ${query.measure} FROM ${query.table}${where} GROUP BY ${query.dimension} ORDER BY ${order} ${query.direction}${limit}`;
}

const LITERAL = String.raw`'((?:[^']|'')*)'`;
const CONDITION = String.raw`(\w+)\s*(=|>=|<=)\s*${LITERAL}`;
const SQL = new RegExp(
  String.raw`^\s*SELECT\s+(\w+)\s*,\s*(SUM|AVG|COUNT)\((\*|\w+)\)\s+AS\s+(\w+)\s+FROM\s+(\w+)(?:\s+WHERE\s+(${CONDITION}(?:\s+AND\s+${CONDITION})*))?\s+GROUP\s+BY\s+(\w+)\s+ORDER\s+BY\s+(\w+)\s+(ASC|DESC)(?:\s+LIMIT\s+(\d+))?\s*;?\s*$`,
  'i',
);

/** The conditions of a WHERE clause the mock agent writes: equalities, and a month range. */
function readConditions(clause: string, query: AggregateQuery) {
  for (const [, column, op, raw] of clause.matchAll(new RegExp(CONDITION, 'gi'))) {
    const value = raw!.replace(/''/g, "'");
    if (op === '=') {
      if (!query.where) query.where = { column: column!, value };
      else (query.and ??= []).push({ column: column!, value });
    } else if (column === 'month') {
      query.months ??= { from: '0000-00', to: '9999-99' };
      if (op === '>=') query.months.from = value;
      else query.months.to = value;
    } else throw new MockHttpError(400, 'Unsupported condition');
  }
}

/** Parses the SQL the mock agent writes (the data API re-runs it); anything else is a 400. */
export function parseSql(sql: string): AggregateQuery {
  const match = SQL.exec(sql);
  if (!match) throw new MockHttpError(400, 'Not the aggregate query shape the mock agent writes');
  const [, dimension, aggregate, column, alias, table, clause] = match;
  const [groupBy, orderBy, direction, limit] = match.slice(-4);
  if (groupBy !== dimension || (column !== '*' && column !== alias) || (orderBy !== dimension && orderBy !== alias)) {
    throw new MockHttpError(400, 'Unsupported query shape');
  }
  const query: AggregateQuery = {
    table: table!,
    dimension: dimension!,
    measure: alias!,
    aggregate: aggregate!.toUpperCase() as AggregateQuery['aggregate'],
    orderBy: orderBy === dimension ? 'dimension' : 'measure',
    direction: direction!.toUpperCase() as AggregateQuery['direction'],
  };
  if (limit !== undefined) query.limit = Number(limit);
  if (clause !== undefined) readConditions(clause, query);
  return query;
}

function table(fixture: MockFixture, name: string): FixtureTable {
  const found = fixture.dataset.tables.find((t) => t.name === name);
  if (!found) throw new MockHttpError(400, `Table ${name} not found`);
  return found;
}

const asList = (value: UserAttributeValue['value'] | undefined) =>
  value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map(String);

/** Rows of a table this viewer may see under the fixture's row-level security rules. */
export function visibleRows(fixture: MockFixture, name: string, viewer: Viewer): (string | number)[][] {
  const source = table(fixture, name);
  const filters: { index: number; allowed: Set<string> }[] = [];
  for (const rule of fixture.dataset.rowLevelSecurity) {
    const index = source.columns.findIndex((c) => c.name === rule.column);
    if (index === -1) continue;
    if ('attribute' in rule) {
      const allowed = asList(viewer.attributes.get(rule.attribute));
      if (allowed) filters.push({ index, allowed: new Set(allowed) });
    } else {
      const member = Object.entries(rule.groups).filter(([group]) => viewer.groups.has(group));
      if (member.length > 0) filters.push({ index, allowed: new Set(member.flatMap(([, values]) => values)) });
    }
  }
  return source.rows.filter((row) => filters.every(({ index, allowed }) => allowed.has(String(row[index]))));
}

/**
 * The same rules as filters on the data model's members (`orders.region` equals the allowed
 * values), in the order the rules come: what a server's `queryRewrite` adds after a query's
 * own filters (the data API echoes them). A rule on a column the model has no member for
 * gives none (`visibleRows` still applies it). An empty allowed list matches no row.
 */
export function securityFilters(
  fixture: MockFixture,
  cube: string,
  members: ReadonlySet<string>,
  viewer: Viewer,
): QueryFilter[] {
  const filters: QueryFilter[] = [];
  for (const rule of fixture.dataset.rowLevelSecurity) {
    const member = `${cube}.${rule.column}`;
    if (!members.has(member)) continue;
    let allowed: string[] | undefined;
    if ('attribute' in rule) allowed = asList(viewer.attributes.get(rule.attribute));
    else {
      const mine = Object.entries(rule.groups).filter(([group]) => viewer.groups.has(group));
      if (mine.length > 0) allowed = mine.flatMap(([, values]) => values);
    }
    if (!allowed) continue;
    filters.push(
      allowed.length > 0
        ? { member, operator: 'equals', values: [...new Set(allowed)] }
        : {
            and: [
              { member, operator: 'set' },
              { member, operator: 'notSet' },
            ],
          },
    );
  }
  return filters;
}

/** A query's result as the service sends it: schema plus rows, numbers as strings. */
export interface QueryResult {
  schema: { name: string; column_type: string }[];
  data: (string | null)[][];
}

/** Runs an aggregate query over the rows the viewer may see. */
export function runQuery(fixture: MockFixture, query: AggregateQuery, viewer: Viewer): QueryResult {
  const source = table(fixture, query.table);
  const dimensionIndex = source.columns.findIndex((c) => c.name === query.dimension && c.role === 'dimension');
  const measureColumn = source.columns.find((c) => c.name === query.measure && c.role === 'measure');
  if (dimensionIndex === -1) throw new MockHttpError(400, `Unknown dimension ${query.dimension}`);
  if (!measureColumn && query.aggregate !== 'COUNT') throw new MockHttpError(400, `Unknown measure ${query.measure}`);
  const measureIndex = measureColumn ? source.columns.indexOf(measureColumn) : -1;
  const columnIndex = (name: string) => {
    const index = source.columns.findIndex((c) => c.name === name);
    if (index === -1) throw new MockHttpError(400, `Unknown column ${name}`);
    return index;
  };
  const conditions = [...(query.where ? [query.where] : []), ...(query.and ?? [])].map(
    ({ column, value }) => [columnIndex(column), value] as const,
  );
  const monthIndex = query.months ? columnIndex('month') : -1;
  // A decimal column sums in whole cents, exactly, as a database sums decimals (and as `/load` does).
  const scale = measureColumn?.type === 'Double' ? 100 : 1;
  const groups = new Map<string, { sum: number; count: number }>();
  for (const row of visibleRows(fixture, query.table, viewer)) {
    if (conditions.some(([index, value]) => String(row[index]) !== value)) continue;
    if (query.months) {
      const month = String(row[monthIndex]);
      if (month < query.months.from || month > query.months.to) continue;
    }
    const key = String(row[dimensionIndex]);
    const group = groups.get(key) ?? { sum: 0, count: 0 };
    group.sum += measureIndex === -1 ? 0 : Math.round(Number(row[measureIndex]) * scale);
    group.count++;
    groups.set(key, group);
  }
  const integer = query.aggregate === 'COUNT' || (query.aggregate === 'SUM' && measureColumn?.type === 'Int64');
  let rows = [...groups].map(([key, { sum, count }]) => {
    const value = query.aggregate === 'COUNT' ? count : query.aggregate === 'AVG' ? sum / scale / count : sum / scale;
    return { key, value };
  });
  const sign = query.direction === 'ASC' ? 1 : -1;
  rows.sort((a, b) =>
    query.orderBy === 'dimension'
      ? sign * a.key.localeCompare(b.key)
      : sign * (a.value - b.value) || a.key.localeCompare(b.key),
  );
  if (query.limit !== undefined) rows = rows.slice(0, query.limit);
  return {
    schema: [
      { name: query.dimension, column_type: 'String' },
      { name: query.measure, column_type: integer ? 'Int64' : 'Double' },
    ],
    data: rows.map(({ key, value }) => [key, integer ? String(value) : value.toFixed(2)]),
  };
}

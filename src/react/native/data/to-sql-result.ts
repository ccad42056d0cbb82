import type { AnnotationEntry, Cell, ColumnKind, SemanticQuery, SqlColumn, SqlResult } from '../../../protocol';
import type { SemanticResult } from './semantic-result';

/** One column of a query's answer: the row key, and what the annotation says of it. */
export interface QueryColumn {
  /** The row key: `cube.member`, or `cube.time.granularity` for a grouped time dimension. */
  key: string;
  /** The member (`cube.time` for a time dimension). */
  member: string;
  /** `measure`, `dimension` or `time`. */
  role: 'measure' | 'dimension' | 'time';
  granularity?: NonNullable<SemanticQuery['timeDimensions']>[number]['granularity'];
}

/** A query's columns in reading order: grouped time dimensions, dimensions, then measures. */
export function queryColumns(query: SemanticQuery): QueryColumn[] {
  const columns: QueryColumn[] = [];
  for (const time of query.timeDimensions ?? []) {
    if (time.granularity)
      columns.push({
        key: `${time.dimension}.${time.granularity}`,
        member: time.dimension,
        role: 'time',
        granularity: time.granularity,
      });
  }
  for (const member of query.dimensions ?? []) columns.push({ key: member, member, role: 'dimension' });
  for (const member of query.measures ?? []) columns.push({ key: member, member, role: 'measure' });
  return columns;
}

/** What the answer's annotation says of a column (its title, type and format). */
export function columnAnnotation(result: SemanticResult | undefined, column: QueryColumn): AnnotationEntry | undefined {
  const annotation = result?.annotation;
  if (!annotation) return undefined;
  const group =
    column.role === 'measure'
      ? annotation.measures
      : column.role === 'time'
        ? annotation.timeDimensions
        : annotation.dimensions;
  return Object.hasOwn(group, column.key)
    ? group[column.key]
    : Object.hasOwn(group, column.member)
      ? group[column.member]
      : undefined;
}

const kindOf = (entry: AnnotationEntry | undefined, column: QueryColumn): ColumnKind =>
  column.role === 'time' || entry?.type === 'time'
    ? 'time'
    : column.role === 'measure' || entry?.type === 'number'
      ? 'number'
      : entry?.type === 'boolean'
        ? 'boolean'
        : 'string';

/**
 * An answer as the chat's `SqlResult` (columns named by title, numbers parsed), so the
 * chat's table, charts and CSV export apply to it unchanged.
 */
export function toSqlResult(result: SemanticResult, title?: string): SqlResult {
  const columns = queryColumns(result.query);
  const sqlColumns: SqlColumn[] = columns.map((column) => {
    const entry = columnAnnotation(result, column);
    return { name: entry?.title ?? column.key, type: entry?.type ?? '', kind: kindOf(entry, column) };
  });
  const rows: Cell[][] = result.data.map((row) =>
    columns.map((column, i) => {
      const value = Object.hasOwn(row, column.key) ? row[column.key]! : null;
      if (sqlColumns[i]!.kind !== 'number' || typeof value !== 'string') return value;
      const n = Number(value);
      // Integers past 2^53 stay strings: exact, as the chat keeps them.
      return Number.isFinite(n) && (Number.isSafeInteger(n) || !/^-?\d+$/.test(value.trim())) ? n : value;
    }),
  );
  return {
    sqlQuery: '',
    ...(title ? { queryTitle: title } : {}),
    columns: sqlColumns,
    rows,
    totalRows: result.total ?? rows.length,
    truncated: false,
  };
}

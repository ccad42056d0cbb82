import type { AnnotationEntry, Cell, ColumnKind, SqlColumn, SqlResult } from '../../../protocol';
import { columnAnnotation, queryColumns, type QueryColumn } from './query-columns';
import type { SemanticResult } from './semantic-result';

// Loaded with the CSV export (a dynamic import): nothing here is needed to show rows.

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

import type { AnnotationEntry } from './load';
import type { SemanticQuery } from './query';
import type { SemanticResult } from './result';

// The columns of a query's answer, shared by the browser's data client, the widgets and the
// server's prefetch (which must read an answer exactly as the browser does).

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

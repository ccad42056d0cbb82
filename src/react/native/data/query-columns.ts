import type { AnnotationEntry, MetaResponse, SemanticQuery } from '../../../protocol';
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

/** What is known of a column's member: from the answer's annotation, else from the meta. */
export function memberInfo(
  result: SemanticResult | undefined,
  meta: MetaResponse | undefined,
  column: QueryColumn,
): AnnotationEntry | undefined {
  const annotated = columnAnnotation(result, column);
  if (annotated) return annotated;
  // A scan, not protocol's `metaMembers`: that module's schemas would join the widgets' entry.
  for (const cube of meta?.cubes ?? [])
    for (const member of [...cube.measures, ...cube.dimensions]) {
      if (member.name !== column.member) continue;
      const { title, shortTitle, type } = member;
      const { format, currency } = member as { format?: AnnotationEntry['format']; currency?: string };
      return { title, shortTitle, type, format, currency };
    }
  return undefined;
}

import type { AnnotationEntry, MetaResponse } from '../../../protocol';
import { columnAnnotation, type QueryColumn } from '../../../protocol/semantic/columns';
import type { SemanticResult } from './semantic-result';

// One reading of an answer's columns for the browser and the server's prefetch (protocol).
export { columnAnnotation, queryColumns, type QueryColumn } from '../../../protocol/semantic/columns';

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

import { setOwn } from '../../../protocol/own-keys';
import { isInvalidValue } from './member-format';
import { columnAnnotation, queryColumns } from './query-columns';
import type { SemanticResult } from './semantic-result';

// Loaded with the data client: every answer it returns has been through this once, so no
// widget draws "NaN", "Infinity" or a 1970 date, and each can say how many values it lost.

/**
 * Makes `null` every value of `result` (its rows, in place) that is not what the answer's
 * annotation says its member holds (see `isInvalidValue`), and counts them per row key:
 * undefined when none were. Rows are the client's own copy, past the query's `limit` already
 * cut, so the work is bounded by what is drawn.
 */
export function cleanValues(result: SemanticResult): Record<string, number> | undefined {
  let missing: Record<string, number> | undefined;
  for (const column of queryColumns(result.query)) {
    const entry = columnAnnotation(result, column);
    if (!entry) continue;
    let count = 0;
    for (const row of result.data) {
      if (!Object.hasOwn(row, column.key)) continue;
      if (!isInvalidValue(entry, row[column.key])) continue;
      row[column.key] = null;
      count++;
    }
    // A plain object, so the answer stays JSON (a server prefetch dehydrates it); keys set as
    // own properties, whatever the query names.
    if (count > 0) setOwn((missing ??= {}), column.key, count);
  }
  return missing;
}

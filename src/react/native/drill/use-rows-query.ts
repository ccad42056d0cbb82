import { useState } from 'react';
import type { MetaResponse, SemanticQuery } from '../../../protocol';
import { useSemanticMeta, useSemanticQuery } from '../data/use-semantic-query';
import { tablePageQuery } from '../table-page';
import { groupedRowsQuery, primaryKeysOf, refusedForKeys, refusedHidden } from './drill-queries';

// "See the rows" on any server. Asked ungrouped (with the primary keys the meta names); a
// server that checks for the primary key and refuses names it: asked again with it where the
// meta shows it, else (a hidden key: the server would refuse to answer it) the same members
// grouped, with a note saying so. The table's own first page is the request watched (the same
// cache entry: no extra request), and the next query is chosen while rendering, so the refusal
// is never drawn.

/** The rows query a drill step shows, once the server has taken it. */
export interface RowsQuery {
  query: SemanticQuery;
  /** The server lists no single rows: each combination of values is shown once. */
  grouped: boolean;
}

interface Attempt extends RowsQuery {
  /** The step's query it started from (a new step starts over). */
  from: string;
}

/**
 * What follows a refusal of `query`: asked with the keys the server named (where the meta
 * shows them, and they were not asked already), else grouped; undefined for any other error.
 */
export function nextRowsQuery(
  query: SemanticQuery,
  message: string,
  meta: MetaResponse | undefined,
): RowsQuery | undefined {
  const keys = refusedForKeys(message, query);
  const hidden = refusedHidden(message);
  if (!keys && !hidden) return undefined;
  const known = new Set(
    (meta?.cubes ?? []).flatMap((cube) =>
      cube.dimensions.filter((d) => d.isVisible !== false && d.public !== false).map((d) => d.name),
    ),
  );
  const asked = new Set(query.dimensions ?? []);
  if (keys && keys.length > 0 && keys.every((key) => known.has(key) && !asked.has(key)))
    return { query: { ...query, dimensions: [...(query.dimensions ?? []), ...keys] }, grouped: false };
  return { query: groupedRowsQuery(query, [...(keys ?? []), ...primaryKeysOf(meta, query)]), grouped: true };
}

/**
 * The query a rows step's table shows (`undefined` when the step shows no rows), and whether
 * it fell back to grouped rows. `pageSize` is the table's.
 */
export function useRowsQuery(step: SemanticQuery | undefined, pageSize: number): RowsQuery | undefined {
  const from = step ? JSON.stringify(step) : '';
  const [attempt, setAttempt] = useState<Attempt | undefined>(undefined);
  const current: Attempt | undefined =
    step && attempt?.from === from ? attempt : step ? { from, query: step, grouped: false } : undefined;
  const meta = useSemanticMeta();
  const page = useSemanticQuery(tablePageQuery(current?.query ?? {}, pageSize, 0), {
    enabled: Boolean(current && !current.grouped),
    keepPrevious: false,
  });
  if (current && !current.grouped && page.error) {
    const next = nextRowsQuery(current.query, page.error.message, meta.data);
    // Chosen while rendering: the refused answer is never committed.
    if (next) setAttempt({ ...next, from });
  }
  return current && { query: current.query, grouped: current.grouped };
}

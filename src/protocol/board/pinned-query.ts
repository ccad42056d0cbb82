// Which way a pinned answer is drawn on a board, decided the same in a server render and in the
// browser: where its SQL is one grouped query over one cube or view of the data model, as that
// semantic query (so the board's filters reach it); otherwise its SQL runs as pinned.
import type { MetaResponse } from '../semantic/meta';
import type { SemanticQuery } from '../semantic/query';
import { sqlToSemanticQuery } from '../semantic/sql-query';
import type { AnswerWidget } from './widget';

/** The chart the pinned spec drew (`mark` of its top level), where a native chart draws it: `bar` or `line`. */
export function chartKindOf(spec: string | undefined): 'bar' | 'line' | undefined {
  if (!spec) return undefined;
  try {
    const parsed: unknown = JSON.parse(spec);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const mark: unknown = (parsed as { mark?: unknown }).mark;
    const type = typeof mark === 'object' && mark !== null ? (mark as { type?: unknown }).type : mark;
    if (type === 'bar') return 'bar';
    if (type === 'line' || type === 'area' || type === 'point') return 'line';
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pinned SQL as a semantic query over `meta`, or undefined where it is not one (or the data
 * model is not known). A table with a `LIMIT` keeps its SQL: the native table pages through
 * every row, past the limit.
 */
export function pinnedQuery(
  sql: string,
  view: AnswerWidget['view'],
  meta: MetaResponse | undefined,
): SemanticQuery | undefined {
  if (!meta) return undefined;
  const translated = sqlToSemanticQuery(sql, meta);
  if (!translated.ok || (view === 'table' && translated.query.limit !== undefined)) return undefined;
  return translated.query;
}

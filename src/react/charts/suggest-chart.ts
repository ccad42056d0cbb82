import type { SqlResult } from '../../protocol';
import type { ColumnFormat } from './formats';

/** A chart chosen from a result's columns, and the line that says so. */
export interface SuggestedChart {
  spec: Record<string, unknown>;
  note: string;
}

/** Column format kinds that make a time axis. */
export const DATE_KINDS: ReadonlySet<string> = new Set(['month', 'day', 'datetime']);
/** A line with more points than this draws no point marks. */
export const LINE_POINTS = 60;

/**
 * Picks a chart when the agent sent none: a time column and a measure → line; one
 * category and one measure → bar; two measures → scatter; otherwise none (the table).
 */
export function suggestChart(
  result: SqlResult,
  formats: Record<string, ColumnFormat>,
  reason: 'missing' | 'unusable' = 'missing',
): SuggestedChart | undefined {
  if (result.rows.length < 2) return undefined;
  const lead =
    reason === 'missing' ? 'No chart came with this answer' : 'The chart that came with this answer could not be shown';
  const measures = result.columns.filter((c) => c.kind === 'number' && formats[c.name]?.kind !== 'text');
  const times = result.columns.filter((c) => DATE_KINDS.has(formats[c.name]?.kind ?? ''));
  const categories = result.columns.filter((c) => (c.kind === 'string' || c.kind === 'boolean') && !times.includes(c));
  const title = result.queryTitle;
  const base = title ? { title } : {};
  const measure = measures[0];
  if (times.length >= 1 && measure) {
    const time = times[0]!;
    return {
      spec: {
        ...base,
        mark: { type: 'line', point: result.rows.length <= LINE_POINTS },
        encoding: {
          x: { field: time.name, type: 'temporal' },
          y: { field: measure.name, type: 'quantitative' },
        },
      },
      note: `${lead}: a line chart of ${measure.name} over ${time.name}.`,
    };
  }
  if (categories.length === 1 && measures.length === 1 && measure) {
    const category = categories[0]!;
    return {
      spec: {
        ...base,
        mark: 'bar',
        encoding: {
          x: { field: category.name, type: 'nominal', sort: '-y' },
          y: { field: measure.name, type: 'quantitative' },
        },
      },
      note: `${lead}: a bar chart of ${measure.name} by ${category.name}.`,
    };
  }
  if (measures.length === 2 && categories.length <= 1) {
    const [x, y] = measures as [typeof measure & object, typeof measure & object];
    return {
      spec: {
        ...base,
        mark: 'point',
        encoding: { x: { field: x.name, type: 'quantitative' }, y: { field: y.name, type: 'quantitative' } },
      },
      note: `${lead}: a scatter plot of ${y.name} against ${x.name}.`,
    };
  }
  return undefined;
}

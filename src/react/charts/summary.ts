import type { SqlResult } from '../../protocol';
import { deriveFormats, type ColumnFormat } from './formats';

const MARK_NAMES: Record<string, string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  area: 'Area chart',
  point: 'Scatter plot',
  circle: 'Scatter plot',
  arc: 'Pie chart',
  rect: 'Heat map',
  tick: 'Strip plot',
};

/**
 * A sentence for screen readers: what kind of chart, of what, how many rows, and the
 * extremes of the first numeric column, with their values as the chart shows them
 * (`formats`, by column name: dates as "Oct 1, 2024", money with its currency; default
 * `deriveFormats(result)`), never as the data's raw text ("2024-10-01T00:00:00.000").
 */
export function chartSummary(
  spec: Record<string, unknown> | undefined,
  result: SqlResult,
  formats: Record<string, ColumnFormat> = deriveFormats(result),
): string {
  const rawMark = spec?.mark;
  const markType = typeof rawMark === 'string' ? rawMark : (rawMark as { type?: string } | undefined)?.type;
  const kind = (typeof markType === 'string' && Object.hasOwn(MARK_NAMES, markType) && MARK_NAMES[markType]) || 'Chart';
  const title = typeof spec?.title === 'string' ? spec.title : (result.queryTitle ?? 'query result');
  const { columns, rows } = result;
  const count = `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'row' : 'rows'}`;
  const measure = columns.findIndex((c) => c.kind === 'number');
  const label = columns.findIndex((c) => c.kind !== 'number');
  let extremes = '';
  if (measure !== -1 && rows.length > 0) {
    let max = rows[0]!;
    let min = rows[0]!;
    for (const row of rows) {
      if (Number(row[measure]) > Number(max[measure])) max = row;
      if (Number(row[measure]) < Number(min[measure])) min = row;
    }
    const shown = (row: (typeof rows)[number], at: number) =>
      formats[columns[at]!.name]?.format(row[at] ?? null, 'full') ?? String(row[at] ?? '—');
    const name = (row: (typeof rows)[number]) => (label === -1 ? '' : `${shown(row, label)}, `);
    extremes = ` Highest ${columns[measure]!.name}: ${name(max)}${shown(max, measure)}. Lowest: ${name(min)}${shown(min, measure)}.`;
  }
  return `${kind}: ${title}, ${count}.${extremes}`;
}

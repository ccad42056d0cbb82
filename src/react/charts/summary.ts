import type { SqlResult } from '../../protocol';

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

// One formatter for every summary: `toLocaleString` with options builds a new one per call,
// which costs more than the rest of a small chart's summary.
let numbers: Intl.NumberFormat | undefined;
const format = (value: unknown) =>
  typeof value === 'number'
    ? (numbers ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(value)
    : String(value ?? '—');

/**
 * A sentence for screen readers: what kind of chart, of what, how many rows, and the
 * extremes of the first numeric column.
 */
export function chartSummary(spec: Record<string, unknown> | undefined, result: SqlResult): string {
  const rawMark = spec?.mark;
  const markType = typeof rawMark === 'string' ? rawMark : (rawMark as { type?: string } | undefined)?.type;
  const kind = (typeof markType === 'string' && Object.hasOwn(MARK_NAMES, markType) && MARK_NAMES[markType]) || 'Chart';
  const title = typeof spec?.title === 'string' ? spec.title : (result.queryTitle ?? 'query result');
  const count = `${format(result.rows.length)} ${result.rows.length === 1 ? 'row' : 'rows'}`;
  const measure = result.columns.findIndex((c) => c.kind === 'number');
  const label = result.columns.findIndex((c) => c.kind !== 'number');
  let extremes = '';
  if (measure !== -1 && result.rows.length > 0) {
    let max = result.rows[0]!;
    let min = result.rows[0]!;
    for (const row of result.rows) {
      if (Number(row[measure]) > Number(max[measure])) max = row;
      if (Number(row[measure]) < Number(min[measure])) min = row;
    }
    const name = (row: (typeof result.rows)[number]) => (label === -1 ? '' : `${format(row[label])}, `);
    const column = result.columns[measure]!.name;
    extremes = ` Highest ${column}: ${name(max)}${format(max[measure])}. Lowest: ${name(min)}${format(min[measure])}.`;
  }
  return `${kind}: ${title}, ${count}.${extremes}`;
}

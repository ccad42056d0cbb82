import type { Cell } from '../../protocol';
import type { ColumnFormat, FormatStyle } from './formats';

/**
 * Name of the vega expression function that formats axis labels and tooltips. Vega-Lite
 * calls it for `formatType: 'ekFormat'`; it is registered with `expressionFunction`, so the
 * CSP-safe expression interpreter can call it (no code is generated).
 */
export const FORMAT_FUNCTION = 'ekFormat';

/** The `format` object Vega-Lite passes to {@link FORMAT_FUNCTION}: which chart, column, style. */
export interface FormatRef {
  chart: string;
  column: string;
  style: FormatStyle;
}

const charts = new Map<string, Record<string, ColumnFormat>>();

/** Makes a chart's column formats reachable from its expressions; returns the unregister. */
export function registerChartFormats(chart: string, formats: Record<string, ColumnFormat>): () => void {
  charts.set(chart, formats);
  return () => {
    if (charts.get(chart) === formats) charts.delete(chart);
  };
}

/** The expression function: a value as text by its column's format, or as-is if unknown. */
export function formatForVega(value: unknown, ref: unknown): string {
  const { chart, column, style } = (ref ?? {}) as Partial<FormatRef>;
  const formats = chart === undefined ? undefined : charts.get(chart);
  const format = formats && typeof column === 'string' && Object.hasOwn(formats, column) ? formats[column] : undefined;
  if (!format) return value === null || value === undefined ? '' : String(value);
  const cell: Cell = value instanceof Date ? value.getTime() : (value as Cell);
  return format.format(cell, style === 'axis' ? 'axis' : 'full');
}

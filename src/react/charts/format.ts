import type { Cell, ColumnKind } from '../../protocol';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A cell as text: numbers grouped, nulls as an em dash. */
export function formatCell(value: Cell, kind: ColumnKind): string {
  if (value === null) return '—';
  if (kind === 'number' && typeof value === 'number') return numberFormat.format(value);
  return String(value);
}

import type { Cell, SqlResult } from '../../protocol';
import type { DrawnChart } from './draw-chart';

// Loaded on the first export (a dynamic import from the result toolbar): nothing here is
// needed to show a result. It imports nothing at run time: what it needs of the chart
// comes with the chart (`DrawnChart`), so it shares no module with the entry.

/** A number as text: a cell that is one can never be read as a formula. */
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** What a spreadsheet reads as the start of a formula (or strips before one: tab, CR). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A cell as spreadsheet text: null as empty, numbers as they are, and text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a leading tab or carriage
 * return) prefixed with `'` (OWASP's CSV injection advice), so it shows as text.
 */
export function spreadsheetCell(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return typeof cell === 'string' && FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

function delimited(result: SqlResult, separator: string): string {
  const field = (cell: Cell | undefined) => {
    const text = spreadsheetCell(cell);
    // RFC 4180: a field with the separator, a quote or a line break is quoted, quotes doubled.
    return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [result.columns.map((column) => field(column.name))];
  for (const row of result.rows) lines.push(result.columns.map((_, index) => field(row[index])));
  return lines.map((cells) => cells.join(separator)).join('\r\n') + '\r\n';
}

/**
 * A result as CSV (RFC 4180: comma-separated, CRLF line ends, quoted where needed), with a
 * header row of column names and raw values (ISO dates, unformatted numbers), formulas
 * escaped. `bom` (default true) starts it with a byte order mark, so Excel reads UTF-8.
 */
export function toCsv(result: SqlResult, bom = true): string {
  return (bom ? '\uFEFF' : '') + delimited(result, ',');
}

/** A result as tab-separated text with a header row, for pasting into a spreadsheet (formulas escaped). */
export function toTsv(result: SqlResult): string {
  return delimited(result, '\t');
}

/** A file name from a title: lowercase ASCII words joined by dashes, at most 60 characters. */
export function fileName(title: string | undefined, extension: string): string {
  const slug = (title ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off their letters: "Café" → "cafe"
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'query-result'}.${extension}`;
}

/** How long a blob URL lives after its download started: long enough for every browser to read it. */
const REVOKE_AFTER_MS = 1_000;

/** Saves `url` as `name` through a temporary link; a `blob:` URL is revoked once the download started. */
export function saveUrl(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/** Saves text as a file of type `mime` (through a blob URL, revoked after). */
export function saveText(text: string, name: string, mime: string): void {
  saveUrl(URL.createObjectURL(new Blob([text], { type: mime })), name);
}

/** Pixels per CSS pixel of a PNG: sharp on high-density screens and in documents. */
const PNG_SCALE = 2;

/**
 * The chart as a PNG (data URL) or SVG (blob URL: revoke it), drawn by a second, headless
 * view of the same spec, rows, theme (background included) and embed options (nothing
 * loads, no `eval`), with the title on top (`title` when the chart shows none): the chart
 * on screen is neither redrawn nor resized.
 */
export async function chartImage(chart: DrawnChart, title: string | undefined, format: 'png' | 'svg'): Promise<string> {
  const width = chart.element.clientWidth;
  const fitted = chart.modules.fitToWidth({ ...chart.spec, title: title ?? chart.spec.title }, width);
  const lines = fitted.title === undefined ? 0 : Array.isArray(fitted.title) ? fitted.title.length : 1;
  const { name } = chart.spec.data as { name: string };
  // A single view is drawn at the size shown (plus the title's lines); a composition keeps its own.
  const size =
    chart.layout.height === undefined
      ? {}
      : { width, height: chart.layout.height + lines * 20, autosize: { type: 'fit', contains: 'padding' } };
  const spec = {
    ...fitted,
    ...size,
    // Copies: the second view must not write into the rows the first one holds.
    datasets: { [name]: chart.layout.rows(chart.rows as Record<string, unknown>[]).map((row) => ({ ...row })) },
  };
  const embedded = await chart.modules.embed(document.createElement('div'), spec, {
    ...chart.options,
    renderer: 'none',
    tooltip: false,
  });
  try {
    return await embedded.view.toImageURL(format, format === 'png' ? PNG_SCALE : 1);
  } finally {
    embedded.finalize();
  }
}

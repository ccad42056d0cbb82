import type { SqlResult } from '../../protocol';
import { oneLine } from '../internal/one-line';
import type {
  DashboardChatBridgeLabels,
  DashboardChatBridgeOptions,
  DashboardFilters,
  Drilldown,
} from './use-dashboard-chat-bridge';

// Loaded by the dashboard bridge on its first drilldown or "Show in dashboard": the rules
// that turn one side's events into the other side's input.

/** A drilldown value as question text: one line, printable, at most this long. */
const MAX_VALUE = 120;
/** A category column filters the dashboard by its values only up to this many. */
const MAX_VALUES = 50;

/** A scope names at most this many filters, each with at most this many values. */
const MAX_SCOPE_FILTERS = 8;
const MAX_SCOPE_VALUES = 10;
/** Keys that name no member (an untrusted context may carry them as own keys). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** An ISO day, as a scope's date range must be. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const defaults: Omit<DashboardChatBridgeLabels, 'showInDashboard'> = {
  question: (value, dimension, scope) => `Tell me about ${value} (${dimension})${scope}`,
  within: (from, to) => `from ${from} to ${to}`,
  where: (dimension, values) => `${dimension} ${values.join(' or ')}`,
  filtered: (description) => `Dashboard filtered: ${description}`,
  nothingToFilter: 'Nothing in this result to filter the dashboard by.',
};

/** The last part of a member's name, in words: `orders.product_category` → "product category". */
const dimensionOf = (member: string) => (member.split('.').pop() ?? member).replace(/_/g, ' ');

/** Untrusted text (from the embed or a result) as one plain, bounded line. */
function plain(value: unknown, max: number): string {
  const text =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  return oneLine(text, max);
}

/**
 * What the clicked widget was showing, as the question's scope: ", from 2024-10-01 to
 * 2024-12-31, category Electronics"; "" when nothing. The drilled member's own filter is left
 * out (the clicked value says it); a context from an embed is untrusted: only ISO days, and
 * values as bounded plain lines, a few of each.
 */
export function drilldownScope(drilldown: Drilldown, labels?: Partial<DashboardChatBridgeLabels>): string {
  const context = drilldown.context;
  if (!context || typeof context !== 'object') return '';
  const parts: string[] = [];
  const range = context.dateRange;
  if (range && typeof range.from === 'string' && typeof range.to === 'string')
    if (ISO_DAY.test(range.from) && ISO_DAY.test(range.to))
      parts.push((labels?.within ?? defaults.within)(range.from, range.to));
  const filters = context.filters && typeof context.filters === 'object' ? Object.entries(context.filters) : [];
  for (const [member, values] of filters.slice(0, MAX_SCOPE_FILTERS)) {
    if (member === drilldown.member || PROTOTYPE_KEYS.has(member) || !Array.isArray(values)) continue;
    const shown = values
      .slice(0, MAX_SCOPE_VALUES)
      .map((value) => plain(value, MAX_VALUE))
      .filter(Boolean);
    if (shown.length) parts.push((labels?.where ?? defaults.where)(plain(dimensionOf(member), MAX_VALUE), shown));
  }
  return parts.length ? `, ${parts.join(', ')}` : '';
}

/**
 * The question a drilldown asks: "Tell me about Europe (region)", with the widget's scope
 * ({@link drilldownScope}). Undefined when the value is not a string, number or boolean, or
 * is empty: nothing is asked.
 */
export function drilldownQuestion(
  drilldown: Drilldown,
  labels?: Partial<DashboardChatBridgeLabels>,
): string | undefined {
  const value = plain(drilldown.value, MAX_VALUE);
  if (!value) return undefined;
  return (labels?.question ?? defaults.question)(
    value,
    plain(dimensionOf(drilldown.member), MAX_VALUE),
    drilldownScope(drilldown, labels),
  );
}

const IDENT = String.raw`"?([A-Za-z_]\w*)"?(?:\s*\.\s*"?([A-Za-z_]\w*)"?)?`;
const LITERAL = String.raw`'((?:[^']|'')*)'`;
const CONDITION = new RegExp(
  String.raw`^${IDENT}\s*(?:=\s*${LITERAL}|IN\s*\(\s*(${LITERAL}(?:\s*,\s*${LITERAL})*)\s*\))$`,
  'i',
);

/**
 * `WHERE a = 'x' AND b IN ('y', 'z')` → `{ a: ['x'], b: ['y', 'z'] }`. Undefined unless
 * every condition reads so: an OR, a comparison, a function or a subquery makes the whole
 * clause one the dashboard cannot show.
 */
export function whereConditions(sql: string): Record<string, string[]> | undefined {
  const where = /\bWHERE\s+([\s\S]+?)(?:\s+(?:GROUP\s+BY|ORDER\s+BY|HAVING|LIMIT)\b[\s\S]*|\s*;?\s*)$/i.exec(sql);
  if (!where) return undefined;
  const clause = where[1]!;
  // Split on AND outside string literals.
  const tokens = clause.match(/'(?:[^']|'')*'|\s+AND\s+|\s+|[^'\s]+/gi) ?? [];
  if (tokens.join('') !== clause) return undefined; // an unterminated literal
  const terms = [''];
  for (const token of tokens) {
    if (/^\s+AND\s+$/i.test(token)) terms.push('');
    else terms[terms.length - 1] += token;
  }
  const out: Record<string, string[]> = {};
  for (const term of terms) {
    const match = CONDITION.exec(term.trim());
    if (!match) return undefined;
    const name = match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}`;
    const values =
      match[3] !== undefined
        ? [match[3]]
        : [...match[4]!.matchAll(new RegExp(LITERAL, 'g'))].map((literal) => literal[1]!);
    out[name] = [...(out[name] ?? []), ...values.map((value) => value.replace(/''/g, "'"))];
  }
  return out;
}

/**
 * The dashboard filters a chat result stands for: its SQL's conditions when every one is an
 * equality or `IN` list, else the values of its first text column (at most 50). Columns
 * become members of the query's table (`region` in `FROM orders` → `orders.region`);
 * undefined when there is nothing to filter by.
 */
export function resultFilters(result: SqlResult): DashboardFilters | undefined {
  const table = /\bFROM\s+"?([A-Za-z_]\w*)"?/i.exec(result.sqlQuery)?.[1];
  const member = (column: string) => (column.includes('.') || !table ? column : `${table}.${column}`);
  const conditions = whereConditions(result.sqlQuery);
  if (conditions) return Object.fromEntries(Object.entries(conditions).map(([name, values]) => [member(name), values]));
  const index = result.columns.findIndex((column) => column.kind === 'string');
  if (index === -1 || result.rows.length === 0) return undefined;
  const values = [...new Set(result.rows.map((row) => row[index]).filter((value) => value !== null))];
  if (values.length === 0 || values.length > MAX_VALUES) return undefined;
  return { [member(result.columns[index]!.name)]: values.map(String) };
}

/** "region is Europe; customer is one of 5" (for the status line). */
function describe(filters: DashboardFilters): string {
  return Object.entries(filters)
    .map(([member, values]) => {
      const name = dimensionOf(member);
      return values.length === 1 ? `${name} is ${plain(values[0], 60)}` : `${name} is one of ${values.length}`;
    })
    .join('; ');
}

/** A drilldown's question (the host's, else {@link drilldownQuestion}), asked unless there is none. */
export function askAbout(drilldown: Drilldown, options: DashboardChatBridgeOptions, ask: (question: string) => void) {
  const question = options.question ? options.question(drilldown) : drilldownQuestion(drilldown, options.labels);
  if (question) ask(question);
}

/** "Show in dashboard": sets the result's filters (the host's `filtersFor`, else {@link resultFilters}); returns the status line. */
export function showInDashboard(
  result: SqlResult,
  options: DashboardChatBridgeOptions,
  setFilters: (filters: DashboardFilters) => void,
): string {
  const filters = (options.filtersFor ?? resultFilters)(result);
  if (!filters || Object.keys(filters).length === 0) return options.labels?.nothingToFilter ?? defaults.nothingToFilter;
  setFilters(filters);
  options.onFilters?.(filters);
  return (options.labels?.filtered ?? defaults.filtered)(describe(filters));
}

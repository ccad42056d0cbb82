import type { DimensionType, MetaMember, MetaResponse } from '../semantic/meta';
import { metaMembers } from '../semantic/meta';
import {
  GRANULARITIES,
  MAX_QUERY_LIMIT,
  type DateRange,
  type FilterOperator,
  type Granularity,
  type OrderDirection,
  type SemanticQuery,
} from '../semantic/query';

/** How the explorer shows its answer: a chart kind (`auto`: from the query's shape) or the table. */
export type ExploreView = 'auto' | 'line' | 'bar' | 'stacked-bar' | 'grouped-bar' | 'number' | 'table';
/** Every {@link ExploreView}, in the order a picker lists them. */
export const EXPLORE_VIEWS: readonly ExploreView[] = [
  'auto',
  'bar',
  'line',
  'stacked-bar',
  'grouped-bar',
  'number',
  'table',
];

/** One condition of the explorer: values stay strings (the query's JSON values, never code). */
export interface ExploreFilter {
  member: string;
  operator: FilterOperator;
  values: string[];
}

/** The explorer's time dimension: grouped by `granularity` (none: not grouped), limited to `dateRange`. */
export interface ExploreTime {
  dimension: string;
  granularity?: Granularity;
  dateRange?: DateRange;
}

/** The explorer's state: a semantic query, and how it is shown. */
export interface ExploreState {
  measures: string[];
  dimensions: string[];
  time?: ExploreTime;
  filters: ExploreFilter[];
  order: [string, OrderDirection][];
  /** Rows at most (1 to the data API's largest); none: the explorer's default. */
  limit?: number;
  view: ExploreView;
}

/** The empty explorer. */
export const EMPTY_EXPLORE: ExploreState = Object.freeze({
  measures: [],
  dimensions: [],
  filters: [],
  order: [],
  view: 'auto',
}) as ExploreState;

/** Rows an explorer's query asks for when its state sets no `limit`. */
export const DEFAULT_EXPLORE_LIMIT = 1_000;
/** Most measures, and most dimensions, an explorer's state holds. */
export const MAX_EXPLORE_MEMBERS = 30;
/** Most filters an explorer's state holds. */
export const MAX_EXPLORE_FILTERS = 20;
/** Most values one filter holds. */
export const MAX_EXPLORE_VALUES = 100;
/** Longest value of a filter, in characters. */
export const MAX_EXPLORE_VALUE_LENGTH = 200;
/** Longest serialized state `parseExplore` reads, in characters. */
export const MAX_EXPLORE_TEXT = 16_000;

/** The operators a filter on each kind of member takes. */
export const EXPLORE_OPERATORS: Readonly<Record<DimensionType, readonly FilterOperator[]>> = {
  string: [
    'equals',
    'notEquals',
    'contains',
    'notContains',
    'startsWith',
    'notStartsWith',
    'endsWith',
    'notEndsWith',
    'set',
    'notSet',
  ],
  number: ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet'],
  time: [
    'inDateRange',
    'notInDateRange',
    'beforeDate',
    'beforeOrOnDate',
    'afterDate',
    'afterOrOnDate',
    'set',
    'notSet',
  ],
  boolean: ['equals', 'notEquals', 'set', 'notSet'],
};

/** The value type of a member for filtering: a measure's values are numbers; unknown types read as strings. */
export function memberValueType(found: MetaMember): DimensionType | undefined {
  if (found.kind === 'segment') return undefined;
  if (found.kind === 'measure') return 'number';
  const type = found.member.type;
  return type === 'number' || type === 'time' || type === 'boolean' ? (type as DimensionType) : 'string';
}

/** Whether the user may see a member (the meta lists it, and does not hide it). */
export function isVisibleMember(found: MetaMember): boolean {
  return found.kind !== 'segment' && found.member.isVisible !== false && found.member.public !== false;
}

/** Operators that take no values. */
const NO_VALUES: ReadonlySet<FilterOperator> = new Set(['set', 'notSet']);
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?Z?)?$/;

/** Whether `text` is a number as a filter value takes it (digits, a `.` decimal point, an exponent). */
export function isExploreNumber(text: string): boolean {
  return NUMBER.test(text);
}

/**
 * Why `values` do not suit `operator` on a member of `type`, or undefined when they do:
 * numbers for numbers, dates for time, `true`/`false` for booleans, two dates for ranges.
 */
export function filterValuesProblem(
  type: DimensionType,
  operator: FilterOperator,
  values: readonly string[],
): string | undefined {
  if (NO_VALUES.has(operator)) return values.length === 0 ? undefined : `${operator} takes no values`;
  if (values.length === 0) return `${operator} needs a value`;
  if (values.length > MAX_EXPLORE_VALUES) return `more than ${MAX_EXPLORE_VALUES} values`;
  if (values.some((value) => value.length > MAX_EXPLORE_VALUE_LENGTH))
    return `a value is longer than ${MAX_EXPLORE_VALUE_LENGTH} characters`;
  if (type === 'number' && !values.every((value) => NUMBER.test(value))) return 'expected numbers';
  if (type === 'boolean' && !values.every((value) => value === 'true' || value === 'false'))
    return 'expected true or false';
  if (type === 'time') {
    if (!values.every((value) => DATE.test(value))) return 'expected dates (YYYY-MM-DD)';
    if ((operator === 'inDateRange' || operator === 'notInDateRange') && values.length !== 2)
      return 'expected two dates';
    if (operator !== 'inDateRange' && operator !== 'notInDateRange' && values.length !== 1) return 'expected one date';
  }
  return undefined;
}

/** Whether `range` is a date range the explorer keeps: relative text or two dates. */
export function isExploreDateRange(range: unknown): range is DateRange {
  if (typeof range === 'string') return range.length > 0 && range.length <= 60 && /^[a-z0-9 ]+$/i.test(range);
  return Array.isArray(range) && range.length === 2 && range.every((day) => typeof day === 'string' && DATE.test(day));
}

/** The semantic query an explorer's state asks (what `Explorer.Result` sends). */
export function exploreQuery(state: ExploreState): SemanticQuery {
  const query: SemanticQuery = { limit: state.limit ?? DEFAULT_EXPLORE_LIMIT };
  if (state.measures.length > 0) query.measures = [...state.measures];
  if (state.dimensions.length > 0) query.dimensions = [...state.dimensions];
  if (state.time) {
    const { dimension, granularity, dateRange } = state.time;
    query.timeDimensions = [
      {
        dimension,
        ...(granularity ? { granularity } : {}),
        ...(dateRange ? { dateRange: Array.isArray(dateRange) ? [dateRange[0], dateRange[1]] : dateRange } : {}),
      },
    ];
  }
  // A filter still being written (no values yet) is not sent: it would fail, or match nothing.
  const complete = state.filters.filter(({ operator, values }) => NO_VALUES.has(operator) || values.length > 0);
  if (complete.length > 0)
    query.filters = complete.map(({ member, operator, values }) =>
      NO_VALUES.has(operator) ? { member, operator } : { member, operator, values: [...values] },
    );
  if (state.order.length > 0)
    query.order = state.order.map(([member, direction]): [string, OrderDirection] => [member, direction]);
  return query;
}

/** The members an explorer's query groups or measures by (what its order may sort by). */
export function orderableMembers(state: ExploreState): string[] {
  const members = [...state.measures, ...state.dimensions];
  if (state.time?.granularity) members.push(state.time.dimension);
  return members;
}

/**
 * The state as a URL-safe string (base64url of compact JSON), for a link or storage; read it
 * back with {@link parseExplore}.
 */
export function serializeExplore(state: ExploreState): string {
  const compact: Record<string, unknown> = { x: 1 };
  if (state.measures.length > 0) compact.m = state.measures;
  if (state.dimensions.length > 0) compact.d = state.dimensions;
  if (state.time) {
    const time: Record<string, unknown> = { d: state.time.dimension };
    if (state.time.granularity) time.g = state.time.granularity;
    if (state.time.dateRange) time.r = state.time.dateRange;
    compact.t = time;
  }
  if (state.filters.length > 0) compact.f = state.filters.map((f) => [f.member, f.operator, f.values]);
  if (state.order.length > 0) compact.o = state.order;
  if (state.limit !== undefined) compact.l = state.limit;
  if (state.view !== 'auto') compact.v = state.view;
  const bytes = new TextEncoder().encode(JSON.stringify(compact));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What was wrong in a serialized state. */
export type ExploreProblemCode =
  | 'unreadable'
  | 'too-long'
  | 'unknown-member'
  | 'hidden-member'
  | 'wrong-kind'
  | 'bad-operator'
  | 'bad-values'
  | 'too-many'
  | 'bad-field';

/**
 * One problem of a serialized state: what (`code`, and `message` in English words), the member
 * it names, and where (`path`, for code: `m[0]`, `f[2][1]`; a message never speaks in paths).
 */
export interface ExploreProblem {
  code: ExploreProblemCode;
  path: string;
  member?: string;
  message: string;
  /** With `bad-values`: what the values should be ("expected numbers"). */
  reason?: string;
}

/** What the first letter of a problem's path names, in words. */
const PARTS: Record<string, string> = {
  m: 'a measure',
  d: 'a dimension',
  t: 'the time dimension',
  f: 'a filter',
  o: 'a sort',
};

/** A serialized state that was not all valid: each problem named; `parseExplore` kept the rest. */
export class ExploreParseError extends Error {
  override readonly name = 'ExploreParseError';
  constructor(readonly problems: readonly ExploreProblem[]) {
    super(`The explorer's state was not all valid: ${problems.map((p) => p.message).join('; ')}`);
  }
}

/** What {@link parseExplore} read: the valid state, and the error naming what it left out. */
export interface ExploreReading {
  state: ExploreState;
  error?: ExploreParseError;
}

/** The lists of a serialized state, in words. */
const LISTS: Record<string, string> = { m: 'measures', d: 'dimensions', f: 'filters', o: 'sort' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Own fields only: a `__proto__` key of hostile JSON is a plain own field, never the prototype. */
const field = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;
/** A name, capped so a message never carries a huge hostile string. */
const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Reads a serialized state against the meta the user sees: unknown or hidden members, members
 * of the wrong kind, operators a member's type does not take, bad or oversized values, too
 * many members or filters are left out, each named in the returned `error`; the valid rest is
 * kept. Nothing the user cannot see in the explorer reaches the query.
 */
export function parseExplore(text: string, meta: MetaResponse): ExploreReading {
  const problems: ExploreProblem[] = [];
  const fail = (problem: ExploreProblem): ExploreReading => ({
    state: { ...EMPTY_EXPLORE },
    error: new ExploreParseError([problem]),
  });
  if (typeof text !== 'string') return fail({ code: 'unreadable', path: '', message: 'the state is not text' });
  if (text.length > MAX_EXPLORE_TEXT)
    return fail({ code: 'too-long', path: '', message: `the state is longer than ${MAX_EXPLORE_TEXT} characters` });
  let raw: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return fail({ code: 'unreadable', path: '', message: 'the state could not be read' });
  }
  if (!isRecord(raw)) return fail({ code: 'unreadable', path: '', message: 'the state is not an object' });

  const members = metaMembers(meta);
  const state: ExploreState = { measures: [], dimensions: [], filters: [], order: [], view: 'auto' };
  /** The member named `name` if the user may see it, else a problem at `path`. */
  const lookUp = (name: unknown, path: string): MetaMember | undefined => {
    if (typeof name !== 'string') {
      problems.push({ code: 'bad-field', path, message: `${PARTS[path.charAt(0)] ?? 'a member'} is not named` });
      return undefined;
    }
    const found = members.get(name);
    if (!found) {
      problems.push({ code: 'unknown-member', path, member: name, message: `unknown member "${shown(name)}"` });
      return undefined;
    }
    if (!isVisibleMember(found)) {
      problems.push({ code: 'hidden-member', path, member: name, message: `member "${shown(name)}" is not available` });
      return undefined;
    }
    return found;
  };
  const list = (key: string): unknown[] => {
    const value = field(raw as Record<string, unknown>, key);
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      problems.push({ code: 'bad-field', path: key, message: `the ${LISTS[key] ?? key} could not be read` });
      return [];
    }
    return value;
  };

  for (const [key, kind, target] of [
    ['m', 'measure', state.measures],
    ['d', 'dimension', state.dimensions],
  ] as const) {
    const names = list(key);
    if (names.length > MAX_EXPLORE_MEMBERS)
      problems.push({
        code: 'too-many',
        path: key,
        message: `more than ${MAX_EXPLORE_MEMBERS} ${kind}s: the first ${MAX_EXPLORE_MEMBERS} are kept`,
      });
    for (const [index, name] of names.slice(0, MAX_EXPLORE_MEMBERS).entries()) {
      const found = lookUp(name, `${key}[${index}]`);
      if (!found) continue;
      if (found.kind !== kind) {
        problems.push({
          code: 'wrong-kind',
          path: `${key}[${index}]`,
          member: found.member.name,
          message: `"${shown(found.member.name)}" is not a ${kind}`,
        });
      } else if (!target.includes(found.member.name)) target.push(found.member.name);
    }
  }

  const time = field(raw, 't');
  if (time !== undefined) {
    if (!isRecord(time))
      problems.push({ code: 'bad-field', path: 't', message: 'the time dimension could not be read' });
    else {
      const found = lookUp(field(time, 'd'), 't.d');
      if (!found) {
        // Named in problems by lookUp.
      } else if (found.kind !== 'dimension' || memberValueType(found) !== 'time') {
        problems.push({
          code: 'wrong-kind',
          path: 't.d',
          member: found.member.name,
          message: `"${shown(found.member.name)}" is not a time dimension`,
        });
      } else {
        state.time = { dimension: found.member.name };
        const granularity = field(time, 'g');
        if (granularity !== undefined) {
          if ((GRANULARITIES as readonly unknown[]).includes(granularity))
            state.time.granularity = granularity as Granularity;
          else problems.push({ code: 'bad-field', path: 't.g', message: 'unknown granularity' });
        }
        const range = field(time, 'r');
        if (range !== undefined) {
          if (isExploreDateRange(range)) state.time.dateRange = Array.isArray(range) ? [range[0], range[1]] : range;
          else problems.push({ code: 'bad-field', path: 't.r', message: 'unreadable date range' });
        }
      }
    }
  }

  const filters = list('f');
  if (filters.length > MAX_EXPLORE_FILTERS)
    problems.push({
      code: 'too-many',
      path: 'f',
      message: `more than ${MAX_EXPLORE_FILTERS} filters: the first ${MAX_EXPLORE_FILTERS} are kept`,
    });
  for (const [index, entry] of filters.slice(0, MAX_EXPLORE_FILTERS).entries()) {
    const path = `f[${index}]`;
    if (!Array.isArray(entry) || entry.length !== 3) {
      problems.push({ code: 'bad-field', path, message: 'a filter could not be read' });
      continue;
    }
    const [name, operator, values] = entry as unknown[];
    const found = lookUp(name, `${path}[0]`);
    const type = found && memberValueType(found);
    if (!found || !type) continue;
    const memberName = found.member.name;
    if (typeof operator !== 'string' || !EXPLORE_OPERATORS[type].includes(operator as FilterOperator)) {
      problems.push({
        code: 'bad-operator',
        path: `${path}[1]`,
        member: memberName,
        message: `"${shown(String(operator))}" is not an operator for "${shown(memberName)}" (${type})`,
      });
      continue;
    }
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
      problems.push({
        code: 'bad-values',
        path: `${path}[2]`,
        member: memberName,
        message: `the filter on "${shown(memberName)}": its values must be text`,
      });
      continue;
    }
    const wrong = filterValuesProblem(type, operator as FilterOperator, values as string[]);
    if (wrong) {
      problems.push({
        code: 'bad-values',
        path: `${path}[2]`,
        member: memberName,
        message: `the filter on "${shown(memberName)}": ${wrong}`,
        reason: wrong,
      });
      continue;
    }
    state.filters.push({ member: memberName, operator: operator as FilterOperator, values: [...(values as string[])] });
  }

  const orderable = new Set(orderableMembers(state));
  for (const [index, entry] of list('o')
    .slice(0, MAX_EXPLORE_MEMBERS * 2 + 1)
    .entries()) {
    const path = `o[${index}]`;
    if (!Array.isArray(entry) || entry.length !== 2 || (entry[1] !== 'asc' && entry[1] !== 'desc')) {
      problems.push({ code: 'bad-field', path, message: 'a sort could not be read' });
      continue;
    }
    const name = entry[0] as unknown;
    if (typeof name !== 'string' || !orderable.has(name)) {
      problems.push({
        code: 'unknown-member',
        path: `${path}[0]`,
        ...(typeof name === 'string' ? { member: name } : {}),
        message: `cannot sort by "${shown(String(name))}": not in the query`,
      });
      continue;
    }
    if (!state.order.some(([member]) => member === name)) state.order.push([name, entry[1] as OrderDirection]);
  }

  const limit = field(raw, 'l');
  if (limit !== undefined) {
    if (Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_QUERY_LIMIT)
      state.limit = limit as number;
    else
      problems.push({
        code: 'bad-field',
        path: 'l',
        message: `limit must be a whole number from 1 to ${MAX_QUERY_LIMIT}`,
      });
  }
  const view = field(raw, 'v');
  if (view !== undefined) {
    if (EXPLORE_VIEWS.includes(view as ExploreView)) state.view = view as ExploreView;
    else problems.push({ code: 'bad-field', path: 'v', message: 'unknown view' });
  }
  return problems.length > 0 ? { state, error: new ExploreParseError(problems) } : { state };
}

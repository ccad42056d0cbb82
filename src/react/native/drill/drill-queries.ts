import type { Granularity, MetaResponse, QueryFilter, SemanticQuery, TimeDimension } from '../../../protocol';
import type { DrillDatum, DrillValue } from './drill-types';

// Drilled queries are built from the widget's query and the datum's values only: each value
// travels as a filter value of the JSON query (never as a member name, never spliced into
// text), so a hostile value such as `'; DROP` or `__proto__` stays a value.

/** The next finer granularity a zoom goes to. */
export const FINER: Partial<Record<Granularity, Granularity>> = {
  year: 'quarter',
  quarter: 'month',
  month: 'week',
  week: 'day',
};

/** Rows a "See the rows" table asks for at most per page (it pages on). */
export const ROW_DIMENSIONS_MAX = 8;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/**
 * The days a time bucket spans, both ends in: `['2024-01-01', '2024-03-31']` for the quarter
 * starting on 2024-01-01. Undefined for a value that is not a bucket's start (a hostile or
 * broken answer) or a granularity finer than a day.
 */
export function bucketRange(start: unknown, granularity: Granularity | undefined): [string, string] | undefined {
  if (typeof start !== 'string' || !granularity) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(start);
  if (!match) return undefined;
  const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(from.getTime()) || day(from) !== match[0]) return undefined;
  const to = new Date(from);
  if (granularity === 'year') to.setUTCFullYear(to.getUTCFullYear() + 1);
  else if (granularity === 'quarter') to.setUTCMonth(to.getUTCMonth() + 3);
  else if (granularity === 'month') to.setUTCMonth(to.getUTCMonth() + 1);
  else if (granularity === 'week') to.setUTCDate(to.getUTCDate() + 7);
  else if (granularity === 'day') to.setUTCDate(to.getUTCDate() + 1);
  else return undefined;
  to.setUTCDate(to.getUTCDate() - 1);
  return [day(from), day(to)];
}

/** A dimension value as a filter: `equals` its text, or `notSet` for a missing value. */
function valueFilter({ member, value }: DrillValue): QueryFilter {
  return value === null || value === undefined
    ? { member, operator: 'notSet' }
    : { member, operator: 'equals', values: [typeof value === 'number' ? value : String(value)] };
}

/**
 * `query` narrowed to the datum: each dimension value an `equals` filter (added to the
 * query's own), each time bucket its time dimension's date range. `keepTime`: the bucket's
 * time dimension keeps its granularity (a zoom sets a finer one itself).
 */
export function datumQuery(query: SemanticQuery, datum: DrillDatum, keepTime = false): SemanticQuery {
  const filters: QueryFilter[] = [...(query.filters ?? [])];
  const timeDimensions: TimeDimension[] | undefined = query.timeDimensions?.map((time) => ({ ...time }));
  for (const value of datum.values) {
    if (value.granularity) {
      const range = bucketRange(value.value, value.granularity);
      const index = timeDimensions?.findIndex((time) => time.dimension === value.member) ?? -1;
      if (!range || index < 0) {
        // Not a bucket this query groups by, or not a date (a broken answer): the datum still
        // narrows it, its value a value (a date that is none then matches nothing).
        filters.push(
          range
            ? { member: value.member, operator: 'inDateRange', values: range }
            : valueFilter({ member: value.member, value: value.value }),
        );
        continue;
      }
      const { granularity: _drop, compareDateRange: _none, ...time } = timeDimensions![index]!;
      timeDimensions![index] = { ...time, ...(keepTime ? { granularity: value.granularity } : {}), dateRange: range };
    } else filters.push(valueFilter(value));
  }
  const { offset: _offset, ...rest } = query;
  return {
    ...rest,
    ...(filters.length ? { filters } : {}),
    ...(timeDimensions ? { timeDimensions } : {}),
  };
}

/** "Break down by": the datum's measures by `dimension` instead of the datum's own members. */
export function breakDownQuery(query: SemanticQuery, datum: DrillDatum, dimension: string): SemanticQuery {
  const narrowed = datumQuery(query, datum);
  const { order: _order, ...rest } = narrowed;
  return {
    ...rest,
    dimensions: [dimension],
    // The time range stays a filter; no time grouping (the break down is the axis now).
    ...(narrowed.timeDimensions
      ? { timeDimensions: narrowed.timeDimensions.map(({ granularity: _g, ...time }) => time) }
      : {}),
  };
}

/** The datum's time bucket, when it has one a zoom can split: its value and the finer granularity. */
export function zoomTarget(datum: DrillDatum): { value: DrillValue; finer: Granularity } | undefined {
  for (const value of datum.values) {
    const finer = value.granularity && FINER[value.granularity];
    if (finer && bucketRange(value.value, value.granularity)) return { value, finer };
  }
  return undefined;
}

/** "Zoom in": the datum's bucket at the next finer granularity (a month by weeks). Undefined without a bucket. */
export function zoomInQuery(query: SemanticQuery, datum: DrillDatum): SemanticQuery | undefined {
  const target = zoomTarget(datum);
  if (!target) return undefined;
  const narrowed = datumQuery(query, datum, true);
  return {
    ...narrowed,
    timeDimensions: (narrowed.timeDimensions ?? []).map((time) =>
      time.dimension === target.value.member ? { ...time, granularity: target.finer } : time,
    ),
  };
}

/** The cubes (or views) a query's members belong to: the part of a name before its last dot. */
const cubesOf = (query: SemanticQuery) =>
  new Set(
    [
      ...(query.measures ?? []),
      ...(query.dimensions ?? []),
      ...(query.timeDimensions ?? []).map((time) => time.dimension),
    ].map((member) => member.slice(0, member.lastIndexOf('.'))),
  );

/**
 * The dimensions a datum can be broken down by: the meta's dimensions of the query's cubes
 * or views that the query does not group by already (time dimensions left out: a zoom
 * handles time), with their titles.
 */
export function breakDownDimensions(
  meta: MetaResponse | undefined,
  query: SemanticQuery,
): { name: string; title: string }[] {
  if (!meta) return [];
  const cubes = cubesOf(query);
  const used = new Set([...(query.dimensions ?? []), ...(query.timeDimensions ?? []).map((time) => time.dimension)]);
  const found: { name: string; title: string }[] = [];
  for (const cube of meta.cubes) {
    if (!cubes.has(cube.name)) continue;
    for (const dimension of cube.dimensions) {
      if (used.has(dimension.name) || dimension.type === 'time' || dimension.primaryKey) continue;
      found.push({ name: dimension.name, title: dimension.shortTitle ?? dimension.title ?? dimension.name });
    }
  }
  return found;
}

/**
 * The primary keys of the query's cubes that the meta names: a hidden one too (a meta in
 * development lists hidden members, marked `isVisible: false`), since the server still
 * answers it there.
 */
export function primaryKeysOf(meta: MetaResponse | undefined, query: SemanticQuery): string[] {
  const cubes = cubesOf(query);
  return (meta?.cubes ?? [])
    .filter((cube) => cubes.has(cube.name))
    .flatMap((cube) => cube.dimensions.filter((dimension) => dimension.primaryKey).map((d) => d.name));
}

/**
 * "See the rows": an ungrouped query of the datum (`ungrouped: true`, no measures), its
 * filters and date range, listing the query's own dimensions, the primary keys of its cubes
 * (from the meta, and `keys` a server named), then their other visible dimensions (at most
 * {@link ROW_DIMENSIONS_MAX} in all, the keys always in; the query's own when the meta is not
 * there), paged by the table. A server that checks for the primary key then has it.
 */
export function rowsQuery(
  query: SemanticQuery,
  datum: DrillDatum,
  meta: MetaResponse | undefined,
  keys: readonly string[] = [],
): SemanticQuery {
  const narrowed = datumQuery(query, datum);
  const cubes = cubesOf(query);
  const fromMeta = (meta?.cubes ?? [])
    .filter((cube) => cubes.has(cube.name))
    .flatMap((cube) =>
      cube.dimensions
        .filter((dimension) => dimension.type !== 'time' && (dimension.isVisible !== false || dimension.primaryKey))
        .map((d) => d.name),
    );
  const first = [...new Set([...(query.dimensions ?? []), ...primaryKeysOf(meta, query), ...keys])];
  const dimensions = [...new Set([...first, ...fromMeta])].slice(0, Math.max(ROW_DIMENSIONS_MAX, first.length));
  const { measures: _measures, order: _order, limit: _limit, ...rest } = narrowed;
  return {
    ...rest,
    dimensions,
    ...(narrowed.timeDimensions
      ? {
          timeDimensions: narrowed.timeDimensions.map(({ granularity: _g, ...time }) => ({
            ...time,
            granularity: 'day' as const,
          })),
        }
      : {}),
    ungrouped: true,
  };
}

/** Keys a refusal names at most (a message, not a list of the model). */
const MAX_NAMED_KEYS = 8;

/**
 * The primary keys a server named when it refused an ungrouped query without them
 * ("Ungrouped query requires primary keys to be present in dimensions: 'orders.id'"): the
 * quoted `cube.member` names of the query's cubes in its message. Undefined when the error is
 * not that refusal.
 */
export function refusedForKeys(message: string, query: SemanticQuery): string[] | undefined {
  if (!/primary key/i.test(message) || !/ungrouped/i.test(message)) return undefined;
  const cubes = cubesOf(query);
  const named = [...message.matchAll(/'([A-Za-z_]\w*)\.([A-Za-z_]\w*)'/g)]
    .filter(([, cube]) => cubes.has(cube!))
    .map(([, cube, member]) => `${cube}.${member}`);
  return [...new Set(named)].slice(0, MAX_NAMED_KEYS);
}

/** Whether a server refused to answer a member its model hides ("You requested hidden member"). */
export const refusedHidden = (message: string): boolean => /requested hidden member/i.test(message);

/**
 * "See the rows" where the server lists no single rows (it wants a primary key the model
 * hides, or names none): the same members grouped, so each combination of values shows once.
 * The keys are left out (a hidden one cannot be asked; a grouped key would be the rows again).
 */
export function groupedRowsQuery(rows: SemanticQuery, keys: readonly string[]): SemanticQuery {
  const { ungrouped: _ungrouped, ...rest } = rows;
  const left = new Set(keys);
  return { ...rest, dimensions: (rows.dimensions ?? []).filter((dimension) => !left.has(dimension)) };
}

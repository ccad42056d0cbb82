import { isPrototypeKey, withoutPrototypeKeys } from '../own-keys';
import { v, type Infer, type Schema } from '../schema';
import { MemberFormatSchema } from './meta';

/**
 * One cell of a `/load` row: the real API sends numbers as strings (`"62125"`) and times as
 * local ISO without a zone (`"2024-01-01T00:00:00.000"`); `null` for no value.
 */
export const RowValueSchema = v.union(v.string(), v.number(), v.boolean(), v.null());
/** See {@link RowValueSchema}. */
export type RowValue = Infer<typeof RowValueSchema>;

/** A row keyed by member name (`orders.revenue`, `orders.createdAt.month`). */
export type LoadRow = Record<string, RowValue>;
/**
 * Schema of a {@link LoadRow}. A prototype key (`__proto__`…) may hold anything: it is
 * dropped by {@link parseLoadResponse}, not a reason to refuse the answer.
 */
export const LoadRowSchema = v
  .record(v.unknown())
  .refine(
    (row) => Object.entries(row).every(([key, value]) => isPrototypeKey(key) || RowValueSchema.test(value)),
    'row values must be strings, numbers, booleans or null',
  ) as Schema<LoadRow>;

/** What the annotation says about one member of the answer. */
export const AnnotationEntrySchema = v.object({
  title: v.string(),
  shortTitle: v.optional(v.string()),
  description: v.optional(v.string()),
  type: v.string(),
  format: v.optional(MemberFormatSchema),
  currency: v.optional(v.string()),
  /** A time dimension's granularity, for its `cube.time.granularity` key. */
  granularity: v.optional(v.unknown()),
  meta: v.optional(v.unknown()),
});
/** Title, short title, type and format of one member of an answer. */
export type AnnotationEntry = Infer<typeof AnnotationEntrySchema>;

/**
 * Annotation entries by member. A prototype key (`__proto__`…) may hold anything: it is
 * dropped by {@link parseLoadResponse}, not a reason to refuse the answer.
 */
const AnnotationGroupSchema = v
  .record(v.unknown())
  .refine(
    (group) => Object.entries(group).every(([key, entry]) => isPrototypeKey(key) || AnnotationEntrySchema.test(entry)),
    'annotation entries need a title and a type',
  ) as Schema<Record<string, AnnotationEntry>>;

/** Titles, types and formats of the members in an answer, keyed by member. */
export const AnnotationSchema = v.object({
  measures: AnnotationGroupSchema,
  dimensions: AnnotationGroupSchema,
  segments: v.optional(AnnotationGroupSchema),
  timeDimensions: AnnotationGroupSchema,
});
/** See {@link AnnotationSchema}. */
export type Annotation = Infer<typeof AnnotationSchema>;

/** The answer of `/load` for one query. */
export const LoadResultSchema = v.object({
  /** The query as the server normalised it. */
  query: v.optional(v.record(v.unknown())),
  data: v.array(LoadRowSchema),
  annotation: AnnotationSchema,
  /** Row count without `limit`/`offset`, when the query asked for `total`. */
  total: v.optional(v.nullable(v.number())),
  lastRefreshTime: v.optional(v.string()),
  dataSource: v.optional(v.string()),
  dbType: v.optional(v.string()),
  external: v.optional(v.nullable(v.boolean())),
  slowQuery: v.optional(v.boolean()),
});
/** Rows, their annotation and (when asked) the total. */
export type LoadResult = Infer<typeof LoadResultSchema>;

/** The multi form `@cubejs-client/core` asks for (`queryType=multi`). */
export const MultiLoadResponseSchema = v.object({
  queryType: v.string<'regularQuery' | 'compareDateRangeQuery' | 'blendingQuery' | (string & {})>(),
  results: v.array(LoadResultSchema),
  pivotQuery: v.optional(v.record(v.unknown())),
  slowQuery: v.optional(v.boolean()),
});
/** `{ queryType, results, pivotQuery }`. */
export type MultiLoadResponse = Infer<typeof MultiLoadResponseSchema>;

/** The message of a 200 answer that means "still running, ask again". */
export const CONTINUE_WAIT = 'Continue wait';

/** True for the data API's `{ "error": "Continue wait" }`: poll again. */
export const isContinueWait = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { error?: unknown }).error === CONTINUE_WAIT;

const cleanResult = (result: LoadResult): LoadResult => {
  // Rows become objects the client iterates and copies: `__proto__` and friends are dropped.
  let data = result.data;
  for (let i = 0; i < data.length; i++) {
    const row = withoutPrototypeKeys(data[i]!);
    if (row !== data[i]) {
      if (data === result.data) data = data.slice();
      data[i] = row;
    }
  }
  const annotation = {
    measures: withoutPrototypeKeys(result.annotation.measures),
    dimensions: withoutPrototypeKeys(result.annotation.dimensions),
    segments: result.annotation.segments && withoutPrototypeKeys(result.annotation.segments),
    timeDimensions: withoutPrototypeKeys(result.annotation.timeDimensions),
  };
  return { ...result, data, annotation };
};

/**
 * Reads an untrusted `/load` answer (either form): validated, and with keys that reach an
 * object's prototype (`__proto__`, `constructor`, `prototype`) dropped from rows and
 * annotations. Throws a {@link ValidationError} for anything else; `Continue wait` is for
 * the caller to check first ({@link isContinueWait}).
 */
export function parseLoadResponse(body: unknown): LoadResult[] {
  if (MultiLoadResponseSchema.is(body)) return body.results.map(cleanResult);
  const single = LoadResultSchema.safeParse(body, 'load answer');
  if (single.success) return [cleanResult(single.data)];
  if (typeof body === 'object' && body !== null && 'results' in body) {
    const multi = MultiLoadResponseSchema.safeParse(body, 'load answer');
    if (!multi.success) throw multi.error;
  }
  throw single.error;
}

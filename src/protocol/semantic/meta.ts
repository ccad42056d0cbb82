import { v, type Infer, type Schema } from '../schema';

/**
 * How a member's values are shown: `percent`, `currency` (with the member's ISO `currency`
 * code), `number`, `id`, `link`, or a d3 specifier (`{ type: 'custom-numeric', value: '.2f' }`,
 * `{ type: 'custom-time', value: '%b %Y' }`). Other strings pass validation (a newer server
 * may add formats) and should be shown as plain values.
 */
export const MemberFormatSchema = v.union(
  v.string<'percent' | 'currency' | 'number' | 'id' | 'link' | 'imageUrl' | (string & {})>(),
  v.object({ type: v.string<'custom-numeric' | 'custom-time' | (string & {})>(), value: v.string() }),
);
/** See {@link MemberFormatSchema}. */
export type MemberFormat = Infer<typeof MemberFormatSchema>;

/** What every member of `/meta` has. */
const member = {
  /** `cube.member`. */
  name: v.string(),
  title: v.string(),
  shortTitle: v.optional(v.string()),
  description: v.optional(v.string()),
  format: v.optional(MemberFormatSchema),
  /** ISO 4217 code, with `format: 'currency'`. */
  currency: v.optional(v.string()),
  isVisible: v.optional(v.boolean()),
  public: v.optional(v.boolean()),
};

/** A measure in `/meta`. */
export const MeasureMetaSchema = v.object({
  ...member,
  /** `number`, `count`, `sum`, `avg`, …: the value type (a measure's values are numbers). */
  type: v.string(),
  /** The aggregation: `sum`, `count`, `avg`, `countDistinct`, `number`, … */
  aggType: v.optional(v.string()),
  cumulative: v.optional(v.boolean()),
  /** The members a drill into this measure lists (`cube.member`), hidden ones included. */
  drillMembers: v.optional(v.array(v.string())),
  formatDescription: v.optional(v.unknown()),
});
/** A measure's name, titles, type and format. */
export type MeasureMeta = Infer<typeof MeasureMetaSchema>;

/** Value types of dimensions. */
export type DimensionType = 'string' | 'number' | 'time' | 'boolean';

/** A dimension in `/meta`. */
export const DimensionMetaSchema = v.object({
  ...member,
  type: v.string<DimensionType | (string & {})>(),
  primaryKey: v.optional(v.boolean()),
  suggestFilterValues: v.optional(v.boolean()),
});
/** A dimension's name, titles, type and format. */
export type DimensionMeta = Infer<typeof DimensionMetaSchema>;

/** A predefined filter. */
export interface SegmentMeta {
  name: string;
  title: string;
  shortTitle?: string | undefined;
}
/**
 * A segment in `/meta`. Typed with the local `Schema` so the emitted declarations of this
 * file name it directly rather than through `import('..')`, which no resolver can follow.
 */
export const SegmentMetaSchema: Schema<SegmentMeta> = v.object({
  name: v.string(),
  title: v.string(),
  shortTitle: v.optional(v.string()),
});

/** A cube or view in `/meta`. */
export const CubeMetaSchema = v.object({
  name: v.string(),
  title: v.string(),
  type: v.optional(v.string<'cube' | 'view' | (string & {})>()),
  description: v.optional(v.string()),
  measures: v.array(MeasureMetaSchema),
  dimensions: v.array(DimensionMetaSchema),
  segments: v.optional(v.array(SegmentMetaSchema)),
});
/** A cube (or view) with its members. */
export type CubeMeta = Infer<typeof CubeMetaSchema>;

/** The answer of `GET {deploymentUrl}/cubejs-api/v1/meta`. */
export const MetaResponseSchema = v.object({ cubes: v.array(CubeMetaSchema) });
/** Every cube and member the token may see, with titles, types and formats. */
export type MetaResponse = Infer<typeof MetaResponseSchema>;

/** A member found in the meta, with what it is. */
export type MetaMember =
  | { kind: 'measure'; cube: CubeMeta; member: MeasureMeta }
  | { kind: 'dimension'; cube: CubeMeta; member: DimensionMeta }
  | { kind: 'segment'; cube: CubeMeta; member: SegmentMeta };

/** Every member of a meta answer by name (a `Map`: member names never touch an object's prototype). */
export function metaMembers(meta: MetaResponse): Map<string, MetaMember> {
  const members = new Map<string, MetaMember>();
  for (const cube of meta.cubes) {
    for (const member of cube.measures) members.set(member.name, { kind: 'measure', cube, member });
    for (const member of cube.dimensions) members.set(member.name, { kind: 'dimension', cube, member });
    for (const member of cube.segments ?? []) members.set(member.name, { kind: 'segment', cube, member });
  }
  return members;
}

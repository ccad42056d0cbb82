// The widgets of a board definition (version 2). A widget of a kind this library does not know
// (saved by a newer version) is kept with its common fields checked, so it round-trips as it came.
import { QueryFiltersSchema, SemanticQuerySchema, DateRangeSchema } from '../semantic/query';
// In scope so the declarations name these types rather than `import('..')`, a directory
// import Node refuses (arethetypeswrong: InternalResolutionError).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { DateRange, QueryFilter } from '../semantic/query';
import { v, type Infer, type Schema, type ValidationIssue } from '../schema';

/** The grid a board lays its widgets on: this many columns. */
export const BOARD_COLUMNS = 12;
/** Longest widget or board title, in UTF-16 code units. */
export const MAX_BOARD_TITLE_LENGTH = 200;
/** Longest text note, in UTF-16 code units. */
export const MAX_BOARD_TEXT_LENGTH = 20_000;
/** Longest pinned SQL or chart spec, in UTF-16 code units. */
export const MAX_BOARD_SPEC_LENGTH = 200_000;

const text = (max: number) => v.string().refine((s) => s.length <= max, `must be at most ${max} characters`);
const int = (min: number, max: number) =>
  v.integer().refine((n) => n >= min && n <= max, `must be an integer from ${min} to ${max}`);

/** A widget id: 1–64 letters, digits, `_` or `-` (safe in a URL, a DOM id and a CSS selector). */
export const BoardWidgetIdSchema = v
  .string()
  .refine((id) => /^[\w-]{1,64}$/.test(id), 'must be 1-64 of A-Z a-z 0-9 _ -');

/** Where a widget sits: grid cells from the top left, `x + w` at most {@link BOARD_COLUMNS}. */
export const BoardLayoutSchema = v
  .object({ x: int(0, BOARD_COLUMNS - 1), y: int(0, 10_000), w: int(1, BOARD_COLUMNS), h: int(1, 100) })
  .refine((l) => l.x + l.w <= BOARD_COLUMNS, `x + w must be at most ${BOARD_COLUMNS}`);
/** A widget's place on the grid. */
export type BoardLayout = Infer<typeof BoardLayoutSchema>;

const common = {
  id: BoardWidgetIdSchema,
  kind: v.string(),
  layout: BoardLayoutSchema,
  title: v.optional(text(MAX_BOARD_TITLE_LENGTH)),
};

/** A number with its change (a `KpiCard`). */
export const KpiWidgetSchema = v.object({
  ...common,
  kind: v.enum(['kpi']),
  measure: v.string(),
  timeDimension: v.optional(v.string()),
  dateRange: v.optional(DateRangeSchema),
  compare: v.optional(v.boolean()),
  sparkline: v.optional(v.boolean()),
  goodDirection: v.optional(v.enum(['up', 'down'])),
  filters: v.optional(QueryFiltersSchema),
});
/** A chart of a semantic-layer query (a `QueryChart`). */
export const ChartWidgetSchema = v.object({
  ...common,
  kind: v.enum(['chart']),
  query: SemanticQuerySchema,
  /** The chart drawn; default from the query's shape. */
  chart: v.optional(v.enum(['line', 'bar', 'grouped-bar', 'stacked-bar', 'number', 'table'])),
});
/** A table of a semantic-layer query (a `QueryTable`). */
export const TableWidgetSchema = v.object({ ...common, kind: v.enum(['table']), query: SemanticQuerySchema });
/** A note: plain text, shown as typed (never parsed as markup). */
export const TextWidgetSchema = v.object({ ...common, kind: v.enum(['text']), text: text(MAX_BOARD_TEXT_LENGTH) });
/**
 * An answer pinned from the chat: its SQL re-runs under the viewer's identity through the data
 * API's SQL route, drawn with the answer's spec or as a table.
 */
export const AnswerWidgetSchema = v.object({
  ...common,
  kind: v.enum(['answer']),
  title: text(MAX_BOARD_TITLE_LENGTH),
  sqlQuery: text(MAX_BOARD_SPEC_LENGTH).refine((s) => s.trim() !== '', 'must not be empty'),
  view: v.enum(['chart', 'table']),
  /** The answer's Vega-Lite spec (a JSON string without data), as the agent sent it. */
  vegaSpec: v.optional(text(MAX_BOARD_SPEC_LENGTH)),
  /** The question the answer was for. */
  question: v.optional(text(MAX_BOARD_TEXT_LENGTH)),
});

/** A widget of a kind this library does not know: its other fields are kept unread. */
export const UnknownWidgetSchema = v.object(common);

/** A KPI widget. */
export type KpiWidget = Infer<typeof KpiWidgetSchema>;
/** A chart widget. */
export type ChartWidget = Infer<typeof ChartWidgetSchema>;
/** A table widget. */
export type TableWidget = Infer<typeof TableWidgetSchema>;
/** A text note. */
export type TextWidget = Infer<typeof TextWidgetSchema>;
/** A pinned chat answer. */
export type AnswerWidget = Infer<typeof AnswerWidgetSchema>;
/** A widget of a kind this version does not know (shown as "not supported here", saved back unchanged). */
export type UnknownWidget = Infer<typeof UnknownWidgetSchema> & Record<string, unknown>;
/** A widget this version knows. */
export type KnownWidget = KpiWidget | ChartWidget | TableWidget | TextWidget | AnswerWidget;
/** Any widget of a board. */
export type BoardWidget = KnownWidget | UnknownWidget;

const KINDS: Record<KnownWidget['kind'], Schema<KnownWidget>> = {
  kpi: KpiWidgetSchema,
  chart: ChartWidgetSchema,
  table: TableWidgetSchema,
  text: TextWidgetSchema,
  answer: AnswerWidgetSchema,
};

/** True when this version knows the widget's kind (else it is shown as not supported). */
export const isKnownWidget = (widget: BoardWidget): widget is KnownWidget => Object.hasOwn(KINDS, widget.kind);

const schemaOf = (value: unknown): Schema<unknown> => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind)
    ? KINDS[kind as KnownWidget['kind']]
    : UnknownWidgetSchema;
};

// `v.lazy` asks its target only for `test` and `check`: this pair dispatches on `kind`.
const byKind = {
  test: (value: unknown) => schemaOf(value).test(value),
  check: (value: unknown, path: string, issues: ValidationIssue[]) => schemaOf(value).check(value, path, issues),
} as unknown as Schema<BoardWidget>;

/**
 * One widget, checked by its `kind`'s schema, or by the common fields alone for a kind this
 * version does not know (its other fields are kept as they are).
 */
export const BoardWidgetSchema: Schema<BoardWidget> = v.lazy(() => byKind);

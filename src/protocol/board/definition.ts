// A board definition: versioned JSON that a host stores and a board draws. Read leniently
// (`readBoardDefinition`: the valid widgets show, each bad one is reported by path and kept
// aside) or strictly (`parseBoardDefinition`: what a store accepts).
import { DateRangeSchema } from '../semantic/query';
// In scope so the declarations name these types rather than `import('..')`, a directory
// import Node refuses (arethetypeswrong: InternalResolutionError).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { DateRange } from '../semantic/query';
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { Schema } from '../schema';
import { v, ValidationError, type Infer, type SafeParseResult, type ValidationIssue } from '../schema';
import { boardDefinitionLimits, jsonShapeIssue, MAX_BOARD_WIDGETS, type BoardDefinitionLimits } from './limits';

// Where it was first declared: importers of this module keep finding it here.
export { MAX_BOARD_WIDGETS } from './limits';
import { BoardWidgetSchema, MAX_BOARD_TITLE_LENGTH, type BoardWidget } from './widget';

/** The version this library writes. Older versions are migrated when read; newer ones are refused. */
export const BOARD_DEFINITION_VERSION = 2;

const title = v
  .string()
  .refine(
    (s) => s.trim() !== '' && s.length <= MAX_BOARD_TITLE_LENGTH,
    `must be 1-${MAX_BOARD_TITLE_LENGTH} characters`,
  );

/** The board's own filters, applied to every widget that can take them (the shared filters' shape). */
export const BoardFiltersSchema = v.object({
  /** The time dimension the date range applies to (`orders.createdAt`). */
  dateDimension: v.optional(v.string()),
  dateRange: v.optional(DateRangeSchema),
  /** Values per dimension (`{ 'orders.region': ['Europe'] }`). */
  values: v.optional(v.record(v.array(v.string()))),
});
/** A board's filters. */
export type BoardFilters = Infer<typeof BoardFiltersSchema>;

const fields = {
  version: v.enum([BOARD_DEFINITION_VERSION]),
  title,
  description: v.optional(v.string().refine((s) => s.length <= 2000, 'must be at most 2000 characters')),
  filters: v.optional(BoardFiltersSchema),
};

/** Where a widget id appears a second time, or -1. */
function duplicateAt(widgets: readonly { id?: unknown }[]): number {
  const seen = new Set<unknown>();
  return widgets.findIndex((w) => seen.size === seen.add(w.id).size);
}

/**
 * A board definition of the current version, checked whole: every widget valid (a kind this
 * version does not know passes on its common fields), ids unique, at most
 * {@link MAX_BOARD_WIDGETS} widgets. Other fields are allowed and kept.
 */
export const BoardDefinitionSchema = v.object({
  ...fields,
  widgets: v
    .array(BoardWidgetSchema)
    .refine((w) => w.length <= MAX_BOARD_WIDGETS, `must have at most ${MAX_BOARD_WIDGETS} widgets`)
    .refine((w) => duplicateAt(w) === -1, 'widget ids must be unique'),
});
/** A board definition (current version). */
export type BoardDefinition = Omit<Infer<typeof BoardDefinitionSchema>, 'widgets'> & { widgets: BoardWidget[] };

const HeaderSchema = v.object({ ...fields, widgets: v.array(v.unknown()) });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A definition of any version this library reads, brought to the current one (version 1: each
 * widget's `type` and `x`, `y`, `w`, `h` become `kind` and `layout`). Nothing is checked
 * beyond the version; a value it cannot migrate is returned as it is, for the schema to name.
 */
export function migrateBoardDefinition(value: unknown): unknown {
  if (!isObject(value) || value.version !== 1 || !Array.isArray(value.widgets)) return value;
  return {
    ...value,
    version: 2,
    widgets: value.widgets.map((widget: unknown) => {
      if (!isObject(widget)) return widget;
      const { type, x, y, w, h, ...rest } = widget;
      return { ...rest, kind: type, layout: { x, y, w, h } };
    }),
  };
}

/** Why `version` cannot be read, or undefined. */
function versionProblem(value: Record<string, unknown>): string | undefined {
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return `expected a board definition version (1 to ${BOARD_DEFINITION_VERSION}), got ${JSON.stringify(version) ?? 'none'}`;
  if (version > BOARD_DEFINITION_VERSION)
    return `saved by a newer version (${version}); this library reads versions 1 to ${BOARD_DEFINITION_VERSION}`;
  return undefined;
}

const failure = (issues: ValidationIssue[]) =>
  ({ success: false, error: new ValidationError(issues, 'board definition') }) as const;

/**
 * Checks a definition whole, migrating an older version first: what a store accepts. Its
 * size, depth, values and strings are held to `limits` first (defaults:
 * {@link DEFAULT_BOARD_DEFINITION_LIMITS}), then the widget count, so an oversized definition is
 * refused with one issue before anything else is read. The error names the path of every
 * problem (`widgets[2].layout.w`).
 */
export function parseBoardDefinition(value: unknown, limits?: BoardDefinitionLimits): SafeParseResult<BoardDefinition> {
  const problem = isObject(value) ? versionProblem(value) : undefined;
  if (problem) return failure([{ path: 'version', message: problem }]);
  const bounds = boardDefinitionLimits(limits);
  const shape = jsonShapeIssue(value, bounds);
  if (shape) return failure([shape]);
  const migrated = migrateBoardDefinition(value);
  const widgets = isObject(migrated) ? migrated.widgets : undefined;
  if (Array.isArray(widgets) && widgets.length > bounds.widgets)
    return failure([{ path: 'widgets', message: `must have at most ${bounds.widgets} widgets` }]);
  return BoardDefinitionSchema.safeParse(migrated, 'board definition') as SafeParseResult<BoardDefinition>;
}

/** A widget {@link readBoardDefinition} set aside, with why. */
export interface RejectedWidget {
  /** Its place in the definition's `widgets`. */
  index: number;
  /** The widget as it came (after migration), to keep or show. */
  value: unknown;
  /** What is wrong with it, paths from the definition (`widgets[2].layout.w`). */
  issues: ValidationIssue[];
}

/** What {@link readBoardDefinition} found. */
export interface BoardReading {
  /** The board with its valid widgets (unknown kinds included). */
  board: BoardDefinition;
  /** Every widget that could not be used, with its issues. */
  rejected: RejectedWidget[];
  /** Every problem found, in order (the rejected widgets' issues, flattened). */
  issues: ValidationIssue[];
  /** The version the definition came in, when it was migrated. */
  migratedFrom?: number;
}

/**
 * Reads a definition for showing: migrated to the current version, each widget checked on its
 * own (within `limits`, as {@link parseBoardDefinition} holds the whole), so the valid widgets
 * show and each bad one is reported by path. Fails (naming the path) only when there is no
 * board to show: not an object, a version it does not read, a bad title or filters, fields
 * beyond the limits, `widgets` not an array.
 */
export function readBoardDefinition(value: unknown, limits?: BoardDefinitionLimits): SafeParseResult<BoardReading> {
  if (!isObject(value)) return failure([{ path: '', message: 'expected a board definition object' }]);
  const problem = versionProblem(value);
  if (problem) return failure([{ path: 'version', message: problem }]);
  const bounds = boardDefinitionLimits(limits);
  const migrated = migrateBoardDefinition(value);
  // The fields besides the widgets as a whole; then each widget on its own, two levels down.
  const headerShape = jsonShapeIssue({ ...(migrated as Record<string, unknown>), widgets: [] }, bounds);
  if (headerShape) return failure([headerShape]);
  const widgetBounds = { ...bounds, depth: bounds.depth - 2 };
  const header = HeaderSchema.safeParse(migrated, 'board definition');
  if (!header.success) return header;
  const widgets: BoardWidget[] = [];
  const rejected: RejectedWidget[] = [];
  const ids = new Map<string, number>();
  // Widgets past the limit are each set aside, up to 100 of them; any more are one issue.
  const all = header.data.widgets;
  const unread = all.length - (bounds.widgets + 100);
  all.slice(0, unread > 0 ? bounds.widgets + 100 : all.length).forEach((widget, index) => {
    const path = `widgets[${index}]`;
    const issues: ValidationIssue[] = [];
    const shape = index < bounds.widgets ? jsonShapeIssue(widget, widgetBounds, path) : undefined;
    if (index >= bounds.widgets)
      issues.push({ path, message: `over the limit of ${bounds.widgets} widgets per board` });
    else if (shape) issues.push(shape);
    else if (!BoardWidgetSchema.test(widget)) BoardWidgetSchema.check(widget, path, issues);
    else {
      const first = ids.get((widget as BoardWidget).id);
      if (first === undefined) ids.set((widget as BoardWidget).id, index);
      else issues.push({ path: `${path}.id`, message: `duplicates widgets[${first}].id` });
    }
    if (issues.length === 0) widgets.push(widget as BoardWidget);
    else rejected.push({ index, value: widget, issues });
  });
  const board = { ...(migrated as BoardDefinition), widgets };
  const data: BoardReading = { board, rejected, issues: rejected.flatMap((r) => r.issues) };
  if (unread > 0) data.issues.push({ path: 'widgets', message: `${unread} more widgets over the limit, not read` });
  if (value.version !== BOARD_DEFINITION_VERSION) data.migratedFrom = value.version as number;
  return { success: true, data };
}

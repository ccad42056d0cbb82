// A three-way merge of board definitions, per widget: two people who saved from the same
// revision conflict only where both changed the same thing. Each widget's content (everything
// but its place) is one unit and its place another; the board's title, description, filters
// (and any other field of its own) are units too. Framework-free; inputs are treated as hostile.
import { ValidationError } from '../schema';
import { MAX_BOARD_WIDGETS, type BoardDefinition } from './definition';
import { compactWidgets, samePlace, type CompactOptions } from './layout';
import type { BoardLayout, BoardWidget } from './widget';

/** A unit both sides changed, each differently (or one removed a widget the other changed). */
export type BoardMergeConflict =
  | {
      /** One of the board's own fields: `title`, `description`, `filters`, or one a newer version wrote. */
      type: 'field';
      field: string;
      /** The field in the common revision and on each side (undefined: absent). */
      base: unknown;
      mine: unknown;
      theirs: unknown;
    }
  | {
      /** A widget's content: both changed it differently, both added it differently, or one removed it while the other changed it. */
      type: 'widget';
      id: string;
      /** The widget in the common revision and on each side (undefined: not there). */
      base: BoardWidget | undefined;
      mine: BoardWidget | undefined;
      theirs: BoardWidget | undefined;
    };

/** What {@link mergeBoardDefinitions} found. */
export interface BoardMerge {
  /** Every change of both sides; for each conflict, the `prefer`red side's version. Compacted. */
  merged: BoardDefinition;
  /** The units both sides changed differently, in the board's order (its fields, then its widgets). */
  conflicts: BoardMergeConflict[];
}

/** Options of {@link mergeBoardDefinitions}. */
export interface MergeBoardOptions {
  /** Whose version a conflict's unit takes in `merged` until someone chooses. Default `'mine'`. */
  prefer?: 'mine' | 'theirs';
  /** Columns of the grid. Default 12. */
  columns?: number;
}

/** Most values compared in one merge (a definition within the store's limits has far fewer). */
const MAX_VALUES = 2_000_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether two JSON values are the same, key order aside (a key holding `undefined` counts as
 * absent). Iterative, so no depth overflows the stack; `budget` counts the values compared and
 * a merge that runs out is refused (a cyclic object would never end).
 */
function same(a: unknown, b: unknown, budget: { left: number }): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (--budget.left < 0)
      throw new ValidationError(
        [{ path: '', message: `too large to merge (over ${MAX_VALUES.toLocaleString('en-US')} values)` }],
        'board merge',
      );
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const other = y as unknown[];
      if (x.length !== other.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], other[i]]);
      continue;
    }
    const left = x as Json;
    const right = y as Json;
    const keys = Object.keys(left).filter((key) => left[key] !== undefined);
    if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(right, key)) return false;
      stack.push([left[key], right[key]]);
    }
  }
  return true;
}

/** A widget without its place: the unit its content is. */
const contentOf = (widget: BoardWidget): Json => {
  const { layout: _layout, ...rest } = widget as BoardWidget & Json;
  return rest;
};

/** The definition's widgets by id, checked enough to merge: objects with a unique string id and a place. */
function widgetsOf(definition: unknown, side: string): Map<string, BoardWidget> {
  const problem = (path: string, message: string) =>
    new ValidationError([{ path: `${side}${path}`, message }], 'board merge');
  if (!isObject(definition)) throw problem('', 'expected a board definition object');
  const widgets = definition.widgets;
  if (!Array.isArray(widgets)) throw problem('.widgets', 'expected an array');
  if (widgets.length > MAX_BOARD_WIDGETS) throw problem('.widgets', `must have at most ${MAX_BOARD_WIDGETS} widgets`);
  const byId = new Map<string, BoardWidget>();
  widgets.forEach((widget: unknown, i) => {
    if (!isObject(widget) || typeof widget.id !== 'string') throw problem(`.widgets[${i}].id`, 'expected a widget id');
    if (!isObject(widget.layout)) throw problem(`.widgets[${i}].layout`, 'expected a place on the grid');
    if (byId.has(widget.id)) throw problem(`.widgets[${i}].id`, 'widget ids must be unique');
    byId.set(widget.id, widget as unknown as BoardWidget);
  });
  return byId;
}

/** The three versions of one unit resolved: the value, or a conflict (then the preferred side's). */
function resolve<T>(
  base: T | undefined,
  mine: T | undefined,
  theirs: T | undefined,
  equal: (a: T | undefined, b: T | undefined) => boolean,
  prefer: 'mine' | 'theirs',
): { value: T | undefined; conflict: boolean } {
  if (equal(mine, theirs) || equal(theirs, base)) return { value: mine, conflict: false };
  if (equal(mine, base)) return { value: theirs, conflict: false };
  return { value: prefer === 'mine' ? mine : theirs, conflict: true };
}

/**
 * Merges two definitions saved from the same one (`base`): each side's changes are kept, and a
 * conflict is only both sides changing the same unit differently, or one removing a widget the
 * other changed. The units: each widget's content (everything but its place), the board's
 * `title`, `description`, `filters` and any other field of its own. Places never conflict: a
 * widget I moved (or added) takes my place, every other theirs, and the board is then compacted
 * with mine kept where they are. Values are compared as JSON, key order aside. `merged` takes the
 * `prefer`red side (default mine) for each conflict, which carries all three versions so a UI
 * can offer the other ({@link chooseMergeVersion}). Widgets keep my order; one only theirs have
 * comes after the widget it follows in theirs. Throws a `ValidationError` naming the path for
 * input it cannot merge (not a definition, a widget without an id or place, a repeated id, over
 * {@link MAX_BOARD_WIDGETS} widgets, or values too many to compare); it never changes its inputs.
 *
 * ```ts
 * const { merged, conflicts } = mergeBoardDefinitions(saved, mine, current.definition);
 * ```
 */
export function mergeBoardDefinitions(
  base: BoardDefinition,
  mine: BoardDefinition,
  theirs: BoardDefinition,
  options: MergeBoardOptions = {},
): BoardMerge {
  const prefer = options.prefer ?? 'mine';
  const [b, m, t] = [widgetsOf(base, 'base'), widgetsOf(mine, 'mine'), widgetsOf(theirs, 'theirs')];
  const budget = { left: MAX_VALUES };
  const equal = (x: unknown, y: unknown) => same(x, y, budget);
  const conflicts: BoardMergeConflict[] = [];

  // The board's own fields, each a unit.
  const fields: [string, unknown][] = [];
  const keys = new Set([base, mine, theirs].flatMap((definition) => Object.keys(definition)));
  keys.delete('widgets');
  for (const field of keys) {
    const [x, y, z] = [base, mine, theirs].map((definition) => (definition as unknown as Json)[field]);
    const { value, conflict } = resolve(x, y, z, equal, prefer);
    if (conflict) conflicts.push({ type: 'field', field, base: x, mine: y, theirs: z });
    if (value !== undefined) fields.push([field, value]);
  }

  // Each widget: its content, then its place.
  const merged = new Map<string, BoardWidget>();
  const moved: string[] = [];
  const ids = [...new Set([...m.keys(), ...t.keys(), ...b.keys()])];
  for (const id of ids) {
    const [x, y, z] = [b.get(id), m.get(id), t.get(id)];
    const content = (widget: BoardWidget | undefined) => widget && contentOf(widget);
    const { value, conflict } = resolve(x, y, z, (p, q) => equal(content(p), content(q)), prefer);
    if (conflict) conflicts.push({ type: 'widget', id, base: x, mine: y, theirs: z });
    if (!value) continue;
    // Mine where I placed it (moved, or added), else theirs (the place they saved, or it kept).
    const mineMoved = y !== undefined && (x === undefined || !samePlace(x.layout, y.layout));
    const layout: BoardLayout = (mineMoved || !z ? y! : z).layout;
    if (mineMoved) moved.push(id);
    const { x: px, y: py, w, h } = layout;
    merged.set(id, samePlace(value.layout, layout) ? value : { ...value, layout: { x: px, y: py, w, h } });
  }

  const compact: CompactOptions = { keep: moved, ...(options.columns ? { columns: options.columns } : {}) };
  const widgets = compactWidgets(order(mine.widgets, theirs.widgets, merged), compact);
  return {
    // Built from entries: a field named `__proto__` stays a field, never the prototype.
    merged: Object.fromEntries([...fields, ['widgets', widgets]]) as unknown as BoardDefinition,
    conflicts,
  };
}

/** The merged widgets in my order, each of theirs alone after the one it follows in theirs. */
function order(
  mine: readonly BoardWidget[],
  theirs: readonly BoardWidget[],
  merged: ReadonlyMap<string, BoardWidget>,
): BoardWidget[] {
  const ids = mine.map((widget) => widget.id).filter((id) => merged.has(id));
  const placed = new Set(ids);
  let after = -1;
  for (const { id } of theirs) {
    if (placed.has(id)) after = ids.indexOf(id);
    else if (merged.has(id)) {
      ids.splice(++after, 0, id);
      placed.add(id);
    }
  }
  return ids.map((id) => merged.get(id)!);
}

/**
 * `merged` with one conflict settled: the `choice`'s version of the field or widget (a widget
 * that side does not have is removed; one `merged` lacks is added at the end), compacted. For a
 * UI that shows a conflict's versions to choose from.
 */
export function chooseMergeVersion(
  merged: BoardDefinition,
  conflict: BoardMergeConflict,
  choice: 'mine' | 'theirs',
  options: Pick<MergeBoardOptions, 'columns'> = {},
): BoardDefinition {
  if (conflict.type === 'field') {
    const value = conflict[choice];
    const entries = Object.entries(merged).filter(([key]) => key !== conflict.field);
    return Object.fromEntries(value === undefined ? entries : [...entries, [conflict.field, value]]) as never;
  }
  const chosen = conflict[choice];
  const at = merged.widgets.findIndex((widget) => widget.id === conflict.id);
  const widgets = merged.widgets.filter((widget) => widget.id !== conflict.id);
  if (chosen) widgets.splice(at === -1 ? widgets.length : at, 0, chosen);
  return { ...merged, widgets: compactWidgets(widgets, options) };
}

/** A unit a stale save and the saves since both changed: a widget by id, or one of the board's own fields. */
export interface BoardSaveConflict {
  type: 'widget' | 'field';
  /** The widget's id, or the field's name. */
  id: string;
}

/**
 * A save made from an older revision, merged onto the current definition (`theirs`) from the
 * revision it was made from (`base`): `{ merged }`, or `{ conflicts }` naming the units both
 * sides changed (for the user to settle; empty when the inputs cannot be merged at all). What a
 * store does with a stale save; the merge is compacted and keeps my places for what I moved.
 */
export function mergeSave(
  base: BoardDefinition,
  mine: BoardDefinition,
  theirs: BoardDefinition,
  options: Pick<MergeBoardOptions, 'columns'> = {},
): { merged: BoardDefinition; conflicts?: undefined } | { merged?: undefined; conflicts: BoardSaveConflict[] } {
  try {
    const { merged, conflicts } = mergeBoardDefinitions(base, mine, theirs, options);
    if (conflicts.length === 0) return { merged };
    return {
      conflicts: conflicts.map((conflict) =>
        conflict.type === 'widget' ? { type: 'widget', id: conflict.id } : { type: 'field', id: conflict.field },
      ),
    };
  } catch (error) {
    if (error instanceof ValidationError) return { conflicts: [] };
    throw error;
  }
}

/** {@link mergeSave}'s merge, or undefined when it found conflicts or could not merge. */
export function mergeStaleSave(
  base: BoardDefinition,
  mine: BoardDefinition,
  theirs: BoardDefinition,
  options: Pick<MergeBoardOptions, 'columns'> = {},
): BoardDefinition | undefined {
  return mergeSave(base, mine, theirs, options).merged;
}

/**
 * `next` with every part equal to `previous`'s (the board's own fields, and each widget by id)
 * replaced by `previous`'s object, so a view memoised on them redraws only what changed: a
 * board read again after another person's save keeps its unchanged widgets as they were.
 * Compared as JSON, key order aside; `next` is not changed (a new object when anything is reused).
 */
export function reuseUnchanged(previous: BoardDefinition | undefined, next: BoardDefinition): BoardDefinition {
  if (!previous || previous === next || !isObject(previous) || !Array.isArray(previous.widgets)) return next;
  const budget = { left: MAX_VALUES };
  try {
    const old = new Map<unknown, BoardWidget>();
    for (const widget of previous.widgets) if (isObject(widget)) old.set(widget.id, widget);
    let reused = false;
    const widgets = next.widgets.map((widget) => {
      const before = old.get(widget.id);
      if (before && before !== widget && same(before, widget, budget)) {
        reused = true;
        return before;
      }
      return widget;
    });
    const fields: [string, unknown][] = Object.entries(next).map(([key, value]) => {
      const before = (previous as unknown as Json)[key];
      if (key === 'widgets' || before === value || typeof value !== 'object' || value === null) return [key, value];
      if (!same(before, value, budget)) return [key, value];
      reused = true;
      return [key, before];
    });
    if (!reused) return next;
    return Object.fromEntries(fields.map(([key, value]) => [key, key === 'widgets' ? widgets : value])) as never;
  } catch (error) {
    // Too large to compare: drawn afresh.
    if (error instanceof ValidationError) return next;
    throw error;
  }
}

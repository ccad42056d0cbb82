import { changeset, type View } from 'vega';

/** How far (px) the axes may reach past where they were fitted before a refit: into the padding. */
const GROW_PX = 2;
/** How much room (px) the axes may leave unused before a refit. */
const SHRINK_PX = 8;

/** The reach measured at a view's last fit (absent: the fit vega-embed made). */
const fitted = new WeakMap<View, number[]>();

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** How far the axes, titles and legends reach past the plot on each side (left, top, right, bottom). */
function reach(view: View): number[] | undefined {
  const root = (view.scenegraph() as unknown as { root?: { items?: { bounds?: Box }[] } }).root;
  const b = root?.items?.[0]?.bounds;
  if (!b || !Number.isFinite(b.x1)) return undefined;
  return [-b.x1, -b.y1, b.x2 - view.width(), b.y2 - view.height()];
}

/**
 * Replaces a data source's rows with the fewest changes: rows that exist in both are
 * modified field by field, extra rows inserted, missing rows removed. The view is updated
 * rather than destroyed and recreated, which is what makes large updates cheap.
 *
 * Autosize "fit" refits only when asked, and asking costs a second pass over every mark; so
 * the layout is refitted only when the new labels reach past the room they were given or
 * leave much of it unused.
 */
export async function replaceRows(view: View, name: string, rows: readonly Record<string, unknown>[]): Promise<View> {
  const current = view.data(name) as Record<string, unknown>[];
  const changes = changeset();
  const shared = Math.min(current.length, rows.length);
  let changed = false;
  for (let i = 0; i < shared; i++) {
    const tuple = current[i]!;
    const row = rows[i]!;
    for (const field in row) {
      if (tuple[field] !== row[field]) {
        changes.modify(tuple, field, row[field]);
        changed = true;
      }
    }
  }
  if (rows.length > shared) changes.insert(rows.slice(shared) as object[]);
  if (current.length > shared) changes.remove(current.slice(shared));
  // An empty change would still re-run the dataflow and re-encode every mark.
  if (!changed && rows.length === current.length) return view;
  const before = fitted.get(view) ?? reach(view);
  await view.change(name, changes).runAsync();
  const after = reach(view);
  if (before && after && after.some((r, i) => r > before[i]! + GROW_PX || r < before[i]! - SHRINK_PX)) {
    await view.resize().runAsync();
    const refitted = reach(view);
    if (refitted) fitted.set(view, refitted);
  }
  return view;
}

/** The part of vega-scenegraph's `Renderer` that {@link drawInNextTask} defers. */
interface Drawing {
  resize(...args: unknown[]): unknown;
  renderAsync(...args: unknown[]): Promise<unknown>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * From now on, `view` draws in a task after the one that ran its dataflow. At 10,000 rows an
 * update's dataflow and its canvas drawing each take tens of milliseconds; run together they
 * make one long task, apart the page gets a turn between them. The canvas is resized in the
 * drawing task too: resizing clears it, and a cleared canvas must not be painted.
 *
 * vega has no public hook for this: it wraps the view's renderer (`View#_renderer`, internal;
 * vega is pinned to an exact version). Without one it leaves the view as it is and returns
 * false. Call it again after `view.initialize`, which makes a new renderer.
 */
export function drawInNextTask(view: View): boolean {
  const renderer = (view as unknown as { _renderer?: Partial<Drawing> | null })._renderer;
  if (typeof renderer?.renderAsync !== 'function' || typeof renderer.resize !== 'function') return false;
  const resize = renderer.resize.bind(renderer);
  const draw = renderer.renderAsync.bind(renderer);
  let size: unknown[] | undefined;
  renderer.resize = (...args: unknown[]) => {
    size = args;
    return renderer;
  };
  renderer.renderAsync = async (...args: unknown[]) => {
    await nextTask();
    if (size) resize(...size);
    size = undefined;
    return draw(...args);
  };
  return true;
}

// Counts, per board widget, the components that rendered in each React commit. Imported
// before React: React hands each commit to a DevTools hook if one is installed, as it does
// for React DevTools, in production builds too. A component rendered in a commit when its
// fiber has the PerformedWork flag and is not the same object as in the tree before: a
// subtree React skipped keeps its old fibers, flags and all.

/** Renders counted so far: per widget id, its components' renders. */
export const renders = new Map<string, number>();

interface Fiber {
  tag: number;
  flags: number;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

const PERFORMED_WORK = 1;
// Function, class, forwardRef and simple memo components (a memo with a compare function
// is tag 14, whose inner function is a tag 0 fiber below it).
const COMPONENTS = new Set([0, 1, 11, 15]);
let previous = new Set<Fiber>();
let counting = false;
let last: { current: Fiber } | undefined;

/** Counts from now on (walking the tree costs time, so the timed passes leave it off). */
export function startCounting() {
  renders.clear();
  // The tree as it is now, so the next commit counts only what it rendered.
  if (last) walk(last.current, false);
  counting = true;
}

/** Stops counting. */
export function stopCounting() {
  counting = false;
  previous = new Set();
}

const widgetOf = (props: unknown): string | undefined => {
  if (typeof props !== 'object' || props === null || !('widget' in props)) return undefined;
  const widget = (props as { widget: unknown }).widget;
  return typeof widget === 'object' && widget !== null && 'id' in widget ? String(widget.id) : undefined;
};

function walk(root: Fiber, count: boolean) {
  const seen = new Set<Fiber>();
  const stack: [Fiber, string | undefined][] = [[root, undefined]];
  while (stack.length > 0) {
    const [fiber, inherited] = stack.pop()!;
    seen.add(fiber);
    const widget = COMPONENTS.has(fiber.tag) ? (widgetOf(fiber.memoizedProps) ?? inherited) : inherited;
    if (
      count &&
      widget !== undefined &&
      COMPONENTS.has(fiber.tag) &&
      fiber.flags & PERFORMED_WORK &&
      !previous.has(fiber)
    )
      renders.set(widget, (renders.get(widget) ?? 0) + 1);
    if (fiber.sibling) stack.push([fiber.sibling, inherited]);
    if (fiber.child) stack.push([fiber.child, widget]);
  }
  previous = seen;
}

(window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => {},
  onScheduleFiberRoot: () => {},
  onPostCommitFiberRoot: () => {},
  onCommitFiberUnmount: () => {},
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
    last = root;
    if (counting) walk(root.current, true);
  },
};

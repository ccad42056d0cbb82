import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';

const subscribeToNothing = () => () => {};
const no = () => false;
const yes = () => true;

/**
 * A view whose code loads on first use, shown as soon as it is in: the returned component
 * shows `fallback` until then, then the view with `props` (keep `fallback` as stable as
 * `props`). Through `Suspense` alone, React reveals a boundary no sooner than 300 ms after its
 * fallback showed (so that content arriving in pieces does not flash), and a widget's
 * requests, made by its view, waited with it. So in the browser the view comes in an ordinary
 * update (at once once loaded); a server render, and the hydration of its HTML, keep
 * `Suspense`, which the server needs to wait for the code (decided once, at mount).
 */
export function lazyView<P extends object>(
  importView: () => Promise<ComponentType<P>>,
): ComponentType<{ props: P; fallback: ReactNode }> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  type Module = { default: ComponentType<P> };
  // Once loaded, its thenable calls back at once, so React renders it without suspending.
  const Lazy = lazy(() => {
    const view = loaded;
    return view
      ? ({ then: (resolve: (module: Module) => void) => resolve({ default: view }) } as unknown as Promise<Module>)
      : importView().then((view) => ({ default: view }));
  }) as unknown as ComponentType<P>;

  return function LazyView({ props, fallback }) {
    const onServer = useSyncExternalStore(subscribeToNothing, no, yes);
    const [ready, setReady] = useState(() => onServer || !!loaded);
    // Fetched once, as it first renders. A failure shows too: the lazy view tries once more
    // and throws it to the host's error boundary.
    if (!ready) loading ??= importView().then((view) => void (loaded = view), no);
    // (After an unmount, React ignores the update.)
    useEffect(() => {
      if (!ready) void loading?.then(() => setReady(true));
    }, [ready]);
    // The same element while `props` and `fallback` are: after hydration `onServer` turns
    // false and this renders again, and new props would make React drop the server's HTML of
    // a view whose code is still loading, and render it afresh.
    return useMemo(
      () =>
        ready ? (
          <Suspense fallback={fallback}>
            <Lazy {...props} />
          </Suspense>
        ) : (
          fallback
        ),
      [ready, props, fallback],
    );
  };
}

import type { QueryKey } from '@tanstack/react-query';
import {
  Component,
  createContext,
  useContext,
  useEffect,
  useRef,
  type Context,
  type ContextType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { DataError, isDataError, semanticMetaKey, semanticQueryKey, type SemanticQuery } from '../../protocol';
import { useLatest } from '../internal/use-latest';
import { SemanticContext, type SemanticContextValue } from './data/SemanticProvider';

/** Words of a widget's error state. */
export interface WidgetErrorLabels {
  /** The heading of the error. Default "Could not load the data". */
  error: string;
  /** The Retry button. Default "Retry". */
  retry: string;
}

/** The default {@link WidgetErrorLabels}. */
export const DEFAULT_WIDGET_ERROR_LABELS: WidgetErrorLabels = { error: 'Could not load the data', retry: 'Retry' };

/** A widget's error in its own box: what failed, and Retry. */
export function WidgetError({
  error,
  onRetry,
  labels = DEFAULT_WIDGET_ERROR_LABELS,
}: {
  error: Error;
  onRetry: () => void;
  labels?: WidgetErrorLabels;
}) {
  const detail = isDataError(error) && error.kind === 'bad-query' && error.member ? ` (${error.member})` : '';
  return (
    <div className="ek-widget__error" role="alert">
      <span>
        <strong>{labels.error}</strong>
        <span className="ek-widget__reason">
          {error.message.slice(0, 200)}
          {detail}
        </span>
      </span>
      <button type="button" className="ek-button" onClick={onRetry}>
        {labels.retry}
      </button>
    </div>
  );
}

/** The queries the widgets inside a {@link WidgetBoundary} show, by their key's JSON. */
type RetryKeys = Map<string, QueryKey>;
const RetryKeysContext = createContext<RetryKeys | null>(null);

/**
 * Names the queries this widget draws from (call it during render, before anything can
 * throw; `meta`: the data model too), so the enclosing {@link WidgetBoundary}'s Retry asks
 * the data API for them again rather than drawing the same answer (and the same throw) from
 * the cache. Each query as sent (`useSemanticQuery(...).query`).
 */
export function useRetryQueries(queries: readonly SemanticQuery[], meta = false) {
  const registry = useContext(RetryKeysContext);
  const scope = useContext(SemanticContext)?.scope;
  if (!registry) return;
  const keys: QueryKey[] = queries.map((query) => semanticQueryKey(query, scope));
  if (meta) keys.push(semanticMetaKey(scope));
  // Idempotent (a map by content): safe on every render, and twice in strict mode.
  for (const key of keys) registry.set(JSON.stringify(key), key);
}

/** Calls the widget's `onError` and the provider's once per new error (an effect: render stays pure). */
export function useReportError(error: Error | null | undefined, onError: ((error: DataError) => void) | undefined) {
  const provider = useContext(SemanticContext)?.onError;
  const latest = useLatest((failure: DataError) => {
    onError?.(failure);
    provider?.(failure);
  });
  const reported = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    latest.current(asDataError(error));
  }, [error, latest]);
}

/**
 * A thrown value as a data error. One that is not already (a bug, a host formatter that
 * threw) is a `server` error whose message is left empty: a thrown error's text is for the
 * developer (`cause`, the `onError` callbacks), never shown to the user.
 */
const asDataError = (error: unknown): DataError =>
  isDataError(error) ? error : new DataError('server', '', { cause: error });

interface BoundaryProps {
  children: ReactNode;
  labels?: WidgetErrorLabels;
  onError?: (error: DataError) => void;
  /** Rendered in place of the widget, so its size is kept. */
  className: string;
}

/**
 * Catches what a widget throws while rendering (a host formatter, a bad answer that got
 * through), so one widget's failure shows in its own box and never takes a page down. Its
 * Retry resets the widget's queries (see {@link useRetryQueries}) before drawing it again: the
 * answer that threw is dropped from the cache and asked for anew.
 */
export class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  // Typed here: an inferred type would name the module through its folder's index.
  static override contextType: Context<SemanticContextValue | null> = SemanticContext;
  declare context: ContextType<typeof SemanticContext>;
  override state = { error: null as Error | null };
  private readonly keys: RetryKeys = new Map();

  private readonly retry = () => {
    const client = this.context?.client;
    for (const key of this.keys.values()) {
      const query = client?.getQueryCache().find({ queryKey: key, exact: true });
      if (!query) continue;
      // Nobody else shows it: forget the answer, so the widget's next mount fetches it. Another
      // widget shows it: fetch it again for both (its answer stays on screen meanwhile).
      if (query.getObserversCount() === 0) void client!.resetQueries({ queryKey: key, exact: true });
      else void client!.refetchQueries({ queryKey: key, exact: true });
    }
    this.keys.clear();
    this.setState({ error: null });
  };

  static getDerivedStateFromError(error: unknown) {
    return { error: asDataError(error) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(asDataError(error));
  }

  override render(): ReactNode {
    if (!this.state.error)
      return <RetryKeysContext.Provider value={this.keys}>{this.props.children}</RetryKeysContext.Provider>;
    return (
      <div className={`ek-root ${this.props.className}`}>
        <WidgetError error={this.state.error} labels={this.props.labels} onRetry={this.retry} />
      </div>
    );
  }
}

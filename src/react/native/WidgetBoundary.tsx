import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { DataError, isDataError } from '../../protocol';
import { useLatest } from '../internal/use-latest';

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

/** Calls `onError` once per new error (an effect: render stays pure). */
export function useReportError(error: Error | null | undefined, onError: ((error: DataError) => void) | undefined) {
  const latest = useLatest(onError);
  const reported = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    latest.current?.(isDataError(error) ? error : new DataError('server', error.message, { cause: error }));
  }, [error, latest]);
}

interface BoundaryProps {
  children: ReactNode;
  labels?: WidgetErrorLabels;
  onError?: (error: DataError) => void;
  /** Rendered in place of the widget, so its size is kept. */
  className: string;
}

/**
 * Catches what a widget throws while rendering (a host formatter, a bad answer that got
 * through), so one widget's failure shows in its own box and never takes a page down.
 */
export class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const failure = error instanceof Error ? error : new Error(String(error));
    this.props.onError?.(isDataError(failure) ? failure : new DataError('server', failure.message, { cause: failure }));
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={`ek-root ${this.props.className}`}>
        <WidgetError
          error={this.state.error}
          labels={this.props.labels}
          onRetry={() => this.setState({ error: null })}
        />
      </div>
    );
  }
}

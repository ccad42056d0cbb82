import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type IframeHTMLAttributes,
  type ReactNode,
} from 'react';
import { useIsomorphicLayoutEffect } from '../internal/use-isomorphic-layout-effect';
import {
  embedAction,
  filterUrlParameter,
  isCssColor,
  isFontFamily,
  type EmbedActionPayloads,
  type EmbedActionType,
  type EmbedEvent,
  type EmbedTarget,
  type EmbedUrlOptions,
} from '../../protocol';
import { useLatest } from '../internal/use-latest';
import { themeToEmbedTheme } from '../theme/theme';
import { ThemedRoot } from '../theme/ThemedRoot';
import { useTheme } from '../theme/ThemeProvider';
import { DEFAULT_MAX_HEIGHT, useEmbedContext } from './EmbedProvider';
import { EmbedError } from './errors';
import { useEmbedLoad, type EmbedLoadState } from './use-embed-load';
import type * as EventsModule from './event-handlers';

type Payload<T extends EmbedEvent['type']> = Extract<EmbedEvent, { type: T }>['payload'];

// The event parser and the schemas under it are not needed for the first paint: they load
// with the first dashboard, while its session is minted, long before its iframe can post.
let events: typeof EventsModule | undefined;
let loadingEvents: Promise<unknown> | undefined;
const loadEvents = () =>
  (loadingEvents ??= import('./event-handlers').then(
    (module) => (events = module),
    () => (loadingEvents = undefined), // a failed chunk load is tried again
  ));

/** Typed callbacks for the events an embed posts. */
export interface EmbedEventHandlers {
  onReady?: (payload: Payload<'cube:event:ready'>) => void;
  onView?: (payload: Payload<'cube:event:view'>) => void;
  onNavigate?: (payload: Payload<'cube:event:navigate'>) => void;
  onDashboardLoaded?: (payload: Payload<'cube:event:dashboard-loaded'>) => void;
  onDownload?: (payload: Payload<'cube:event:download'>) => void;
  onDrilldown?: (payload: Payload<'cube:event:drilldown'>) => void;
  onAiQuery?: (payload: Payload<'cube:event:ai-query'>) => void;
  /** An error the embed reported; fatal ones also put the dashboard in its error state. */
  onEmbedError?: (payload: Payload<'cube:event:error'>) => void;
  /** Every valid event, for anything else. */
  onEvent?: (event: EmbedEvent) => void;
}

/** Props of {@link EmbeddedDashboard}. */
export interface EmbeddedDashboardProps extends EmbedEventHandlers, Omit<EmbedUrlOptions, 'filters'> {
  /** The dashboard's public id (for the dashboard surface). */
  publicId?: string;
  /** `dashboard` (default with a publicId), `chat`, or `app` (creator mode). */
  surface?: EmbedTarget['surface'];
  deploymentId?: number;
  /** Accessible name of the iframe. Required. */
  title: string;
  /** Filters: the initial ones go in the URL, later changes are sent to the live iframe. */
  filters?: Record<string, unknown>;
  /** `light`, `dark` or `auto`; default the theme's scheme. Sent live. */
  colorScheme?: 'light' | 'dark' | 'auto';
  /** A fixed height in pixels, or `auto` (default): follows the content within the bounds. */
  height?: number | 'auto';
  minHeight?: number;
  /** The tallest auto-height, in pixels. Default 10 000 (`DEFAULT_MAX_HEIGHT`); finite only. */
  maxHeight?: number;
  /** Override the provider's lazy default. */
  lazy?: boolean;
  loadTimeoutMs?: number;
  /** Typed errors of this embed (session, reuse, timeout, fatal embed error). */
  onError?: (error: EmbedError) => void;
  /** Replaces the loading skeleton. */
  renderLoading?: () => ReactNode;
  /** Replaces the error state; call `retry` to mint a new session and load again. */
  renderError?: (props: { error: EmbedError; retry: () => void }) => ReactNode;
  /**
   * Sandboxes the iframe. `true` (recommended): the tokens the embed needs,
   * {@link EMBED_SANDBOX} (scripts, its own origin's storage, forms, downloads), and nothing
   * else: a compromised embed page can open no popups, navigate the host page away, or show
   * dialogs; the dashboard still loads, reports its height and sends its events. A string:
   * exactly those tokens (e.g. `${EMBED_SANDBOX} allow-popups` when the dashboard's links must
   * open new tabs). Default: no sandbox, as the service's docs embed it.
   */
  sandbox?: boolean | string;
  /** Extra iframe attributes (`allow`, `referrerPolicy`…). */
  iframeProps?: Omit<IframeHTMLAttributes<HTMLIFrameElement>, 'src' | 'title' | 'style' | 'ref'>;
  className?: string;
  style?: CSSProperties;
}

/** What a host can do to a live embed, through a ref. */
export interface EmbeddedDashboardHandle {
  setTheme(theme: EmbedActionPayloads['cube:action:set-theme']): void;
  setColorScheme(scheme: 'light' | 'dark' | 'auto'): void;
  setLocale(locale: string): void;
  setFilters(filters: Record<string, unknown>): void;
  navigate(path: string): void;
  refresh(): void;
  /** Loads again with a freshly minted session. */
  reload(): void;
  /** The current state. */
  readonly state: EmbedLoadState;
  readonly iframe: HTMLIFrameElement | null;
}

/**
 * The sandbox tokens an embed needs (`sandbox={true}`): its scripts, its own origin (storage,
 * cookies, and the origin its messages are checked against), forms and downloads (exports).
 * The recommended sandbox: not `allow-popups`, `allow-top-navigation` or `allow-modals`, so a
 * compromised embed page can neither open windows nor take the host page elsewhere, while the
 * dashboard still loads, reports its height and sends its events. Add tokens for a wider
 * one: `${EMBED_SANDBOX} allow-popups`.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-downloads';

/** Whether every value of an embed theme is a colour, or at `font` a family list. */
const isSafeTheme = (value: unknown, key?: string): boolean =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).every(([name, inner]) => isSafeTheme(inner, name))
    : key === 'font'
      ? isFontFamily(value)
      : isCssColor(value);

/** The props that go in the embed URL. */
const URL_OPTIONS = [
  'filters',
  'timeGranularity',
  'memberSelection',
  'allowExport',
  'locale',
  'showDashboardHeader',
  'showDashboardTitle',
  'showDashboardFilters',
  'extraParams',
] as const satisfies readonly (keyof EmbedUrlOptions)[];

function useNearViewport(enabled: boolean) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(false);
  const observable = enabled && typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (!element || seen || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen, observable]);
  // Not lazy (or no observer): near as soon as mounted, which is after hydration.
  return { ref: setElement, near: seen || (element !== null && !observable) };
}

/**
 * A signed embed in an iframe: a dashboard by public id, the embedded chat, or the
 * creator-mode app. Each load mints a fresh single-use session just before it. Only the
 * target and the session decide `src`; theme, colour scheme, filters, locale and refresh
 * travel to the live iframe as postMessage actions, to its exact origin. Events reach typed
 * callbacks only from this iframe, from an allowed origin, in the right shape. Auto-height
 * follows the content both ways. Renders nothing browser-only on the server.
 */
export const EmbeddedDashboard = forwardRef<EmbeddedDashboardHandle, EmbeddedDashboardProps>(
  function EmbeddedDashboard(props, ref) {
    const context = useEmbedContext();
    const theme = useTheme();
    const { publicId, deploymentId, title, className, style, iframeProps } = props;
    const surface = props.surface ?? 'dashboard';
    const target = useMemo<EmbedTarget>(
      () =>
        surface === 'dashboard'
          ? { surface, publicId: publicId ?? '', ...(deploymentId === undefined ? {} : { deploymentId }) }
          : { surface, ...(deploymentId === undefined ? {} : { deploymentId }) },
      [surface, publicId, deploymentId],
    );
    const defaults = context.defaults;
    const minHeight = props.minHeight ?? defaults.minHeight;
    const maxHeight = [props.maxHeight, defaults.maxHeight, DEFAULT_MAX_HEIGHT].find(Number.isFinite)!;
    const lazy = props.lazy ?? defaults.lazy;
    const { ref: observe, near } = useNearViewport(lazy);
    const urlOptions: EmbedUrlOptions = {};
    for (const key of URL_OPTIONS) if (props[key] !== undefined) Object.assign(urlOptions, { [key]: props[key] });
    const latestOnError = useLatest(props.onError);
    const scopedContext = useMemo(
      () => ({ ...context, onError: (error: EmbedError) => (latestOnError.current?.(error), context.onError(error)) }),
      // latestOnError is a ref.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [context],
    );
    const { state, retry, reload, markReady, fail } = useEmbedLoad(
      scopedContext,
      target,
      near,
      urlOptions,
      props.loadTimeoutMs ?? defaults.loadTimeoutMs,
    );
    const iframe = useRef<HTMLIFrameElement | null>(null);
    const [contentHeight, setContentHeight] = useState<number | null>(null);
    const latestProps = useLatest(props);
    const src = state.phase === 'loading' || state.phase === 'ready' ? state.src : null;
    const ready = state.phase === 'ready';
    const embedOrigin = useMemo(() => (src ? new URL(src, window.location.href).origin : null), [src]);

    const post = useCallback(
      <T extends EmbedActionType>(type: T, payload: EmbedActionPayloads[T]) => {
        const target = iframe.current?.contentWindow;
        if (!target || !embedOrigin) return;
        target.postMessage(embedAction(type, payload, surface), embedOrigin);
      },
      [embedOrigin, surface],
    );

    // Events: only from this iframe's window, an allowed origin, in a valid envelope. Attached
    // at commit (layout effect), so the listener is there before the iframe can post anything.
    useIsomorphicLayoutEffect(() => {
      if (!src || !embedOrigin) return;
      let listening = true;
      const allowed = context.allowedOrigins ?? [new URL(context.baseUrl, window.location.href).origin];
      const onMessage = (message: MessageEvent) => {
        if (message.source !== iframe.current?.contentWindow || !iframe.current) return;
        if (!allowed.includes(message.origin)) return;
        // In arrival order: a message before the parser has loaded waits for it.
        if (events) handle(message.data);
        else void loadEvents().then(() => handle(message.data));
      };
      const handle = (data: unknown) => {
        const event = listening ? events?.parseEmbedEvent(data) : undefined;
        if (!event) return;
        const handlers = latestProps.current;
        if (event.type === 'cube:event:ready') markReady();
        if (event.type === 'cube:event:resize') setContentHeight(event.payload.height);
        if (event.type === 'cube:event:error' && event.payload.fatal)
          fail(new EmbedError('embed', event.payload.message));
        const name = (events!.EVENT_HANDLERS as Partial<Record<string, keyof EmbedEventHandlers>>)[event.type];
        if (name) (handlers[name] as ((payload: unknown) => void) | undefined)?.(event.payload);
        handlers.onEvent?.(event);
      };
      window.addEventListener('message', onMessage);
      return () => {
        listening = false; // a message waiting for the parser was this iframe's: dropped
        window.removeEventListener('message', onMessage);
      };
    }, [src, embedOrigin, context.allowedOrigins, context.baseUrl, markReady, fail, latestProps]);

    useEffect(() => void loadEvents(), []);

    // Chromium never matches :focus on an iframe whose document has the focus, so the
    // focus ring follows `data-focused`: the page's window blurs as focus enters the frame.
    const [focused, setFocused] = useState(false);
    useEffect(() => {
      const update = () => setFocused(iframe.current !== null && document.activeElement === iframe.current);
      // activeElement moves to the iframe just after the window's blur event.
      const onBlur = () => setTimeout(update, 0);
      window.addEventListener('blur', onBlur);
      window.addEventListener('focus', update);
      document.addEventListener('focusin', update);
      return () => {
        window.removeEventListener('blur', onBlur);
        window.removeEventListener('focus', update);
        document.removeEventListener('focusin', update);
      };
    }, []);

    // Live settings: sent once ready, and on every change; never a reload.
    const embedTheme = useMemo(() => themeToEmbedTheme(theme), [theme]);
    useEffect(() => {
      if (ready) post('cube:action:set-theme', embedTheme);
    }, [ready, embedTheme, post]);
    const scheme = props.colorScheme ?? theme.colorScheme;
    useEffect(() => {
      if (ready) post('cube:action:set-color-scheme', { scheme });
    }, [ready, scheme, post]);
    const filtersKey = JSON.stringify(props.filters ?? {});
    const sentFilters = useRef<string | null>(null);
    useEffect(() => {
      if (!src) sentFilters.current = null;
      else if (sentFilters.current === null)
        sentFilters.current = filtersKey; // the URL carried these
      else if (ready && sentFilters.current !== filtersKey) {
        // Members that were filtered and no longer are get an empty filter: cleared, not kept.
        const previous = JSON.parse(sentFilters.current) as Record<string, unknown>;
        const next = { ...Object.fromEntries(Object.keys(previous).map((member) => [member, []])), ...props.filters };
        sentFilters.current = filtersKey;
        post('cube:action:set-filter', { filterUrlParameter: filterUrlParameter(next) });
      }
      // props.filters is read through its key.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [src, ready, filtersKey, post]);
    const locale = props.locale;
    const sentLocale = useRef<string | undefined>(undefined);
    useEffect(() => {
      if (!src) sentLocale.current = locale;
      else if (ready && locale && sentLocale.current !== locale) {
        sentLocale.current = locale;
        post('cube:action:set-locale', { locale });
      }
    }, [src, ready, locale, post]);

    useImperativeHandle(
      ref,
      () => ({
        setTheme: (value) =>
          isSafeTheme(value)
            ? post('cube:action:set-theme', value)
            : scopedContext.onError(new EmbedError('config', 'setTheme refused: not colours and fonts')),
        setColorScheme: (value) => post('cube:action:set-color-scheme', { scheme: value }),
        setLocale: (value) => post('cube:action:set-locale', { locale: value }),
        setFilters: (filters) => post('cube:action:set-filter', { filterUrlParameter: filterUrlParameter(filters) }),
        navigate: (path) => post('cube:action:navigate', { path }),
        refresh: () => post('cube:action:refresh', {}),
        reload,
        state,
        iframe: iframe.current,
      }),
      [post, reload, state, scopedContext],
    );

    const fixed = typeof props.height === 'number';
    const height = fixed
      ? (props.height as number)
      : Math.min(maxHeight, Math.max(minHeight, contentHeight ?? minHeight));
    const showSkeleton = state.phase === 'idle' || state.phase === 'minting' || state.phase === 'loading';
    return (
      <ThemedRoot
        ref={observe as never}
        className={['ek-embed', className].filter(Boolean).join(' ')}
        style={{ ...style, height: state.phase === 'error' ? undefined : height }}
        data-phase={state.phase}
        aria-busy={showSkeleton}
      >
        {state.phase === 'error' ? (
          (props.renderError?.({ error: state.error, retry }) ?? (
            <div className="ek-embed__error" role="alert">
              <p className="ek-embed__error-title">{title} could not be loaded.</p>
              <p className="ek-embed__error-message">{state.error.message}</p>
              <button type="button" className="ek-button" onClick={retry}>
                Retry
              </button>
            </div>
          ))
        ) : (
          <>
            {showSkeleton &&
              (props.renderLoading?.() ?? (
                <div className="ek-embed__loading">
                  <div className="ek-skeleton ek-embed__skeleton" aria-hidden="true" />
                  <span className="ek-sr-only">Loading {title}</span>
                </div>
              ))}
            {src && (
              <iframe
                {...iframeProps}
                key={src}
                ref={iframe}
                src={src}
                title={title}
                className="ek-embed__frame"
                allow={iframeProps?.allow ?? 'fullscreen; clipboard-write'}
                sandbox={
                  typeof props.sandbox === 'string'
                    ? props.sandbox
                    : props.sandbox
                      ? EMBED_SANDBOX
                      : iframeProps?.sandbox
                }
                referrerPolicy={iframeProps?.referrerPolicy ?? 'strict-origin-when-cross-origin'}
                style={{ height }}
                data-ready={ready}
                data-focused={focused || undefined}
              />
            )}
          </>
        )}
      </ThemedRoot>
    );
  },
);

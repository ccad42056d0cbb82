import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, StrictMode, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EmbeddedDashboard,
  EmbedProvider,
  type EmbeddedDashboardHandle,
  type EmbedError,
  type GetSession,
  type GetSessionContext,
} from '../../../src';

const BASE = 'https://acme.test';
let counter = 0;
const fresh: GetSession = async () => `sess-${++counter}`;

function setup(getSession: GetSession, dashboard: ReactNode, providerProps: Record<string, unknown> = {}) {
  return render(
    <EmbedProvider
      getSession={getSession}
      baseUrl={BASE}
      defaults={{ lazy: false }}
      sessionPolicy={{ baseDelayMs: 1 }}
      {...providerProps}
    >
      {dashboard}
    </EmbedProvider>,
  );
}

const frame = () => document.querySelector('iframe') as HTMLIFrameElement | null;
const sessionOf = (iframe: HTMLIFrameElement | null) =>
  iframe ? new URL(iframe.src).searchParams.get('session') : null;

function post(
  iframe: HTMLIFrameElement,
  type: string,
  payload: unknown,
  origin = BASE,
  source: unknown = iframe.contentWindow,
) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'cube-embed', direction: 'event', type, payload, timestamp: 1 },
        origin,
        source: source as Window,
      }),
    );
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('<EmbeddedDashboard> sessions', () => {
  it('mints exactly the sessions it loads under StrictMode, and builds the URL', async () => {
    const getSession = vi.fn(fresh);
    render(
      <StrictMode>
        <EmbedProvider getSession={getSession} baseUrl={`${BASE}/`} defaults={{ lazy: false }}>
          <EmbeddedDashboard
            publicId="sales-overview"
            deploymentId={1}
            title="Sales"
            filters={{ 'orders.region': ['Europe'] }}
            showDashboardTitle={false}
          />
        </EmbedProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(getSession.mock.calls[0]![0]).toMatchObject({
      reason: 'initial',
      target: { surface: 'dashboard', publicId: 'sales-overview', deploymentId: 1 },
    });
    const url = new URL(frame()!.src);
    expect(url.origin + url.pathname).toBe(`${BASE}/embed/d/1/dashboard/sales-overview`);
    expect(url.searchParams.get('session')).toBe(`sess-${counter}`);
    expect(url.searchParams.get('f_orders.region')).toBe('["Europe"]');
    expect(url.searchParams.get('showDashboardTitle')).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('grants fullscreen through `allow` only, so Chromium logs no precedence warning', async () => {
    setup(fresh, <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales" />);
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(frame()!.getAttribute('allow')).toContain('fullscreen');
    expect(frame()!.hasAttribute('allowfullscreen')).toBe(false);
  });

  it('does not refetch when the callback identity changes, and uses the latest one', async () => {
    const first = vi.fn(fresh);
    const { rerender } = setup(first, <EmbeddedDashboard publicId="p" title="P" />);
    await waitFor(() => expect(frame()).not.toBeNull());
    const src = frame()!.src;
    const second = vi.fn(fresh);
    for (let i = 0; i < 3; i++) {
      rerender(
        <EmbedProvider
          getSession={i === 2 ? second : vi.fn(fresh)}
          baseUrl={BASE}
          defaults={{ lazy: false }}
          sessionPolicy={{ baseDelayMs: 1 }}
        >
          <EmbeddedDashboard publicId="p" title="P" />
        </EmbedProvider>,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(frame()!.src).toBe(src);
  });

  it('a retry mints a new session; 4xx is not retried', async () => {
    let calls = 0;
    const getSession = vi.fn(async (_context: GetSessionContext) => {
      if (++calls === 1) throw Object.assign(new Error('Forbidden'), { status: 403 });
      return `retry-${calls}`;
    });
    const errors: EmbedError[] = [];
    setup(getSession, <EmbeddedDashboard publicId="p" title="Revenue" onError={(e) => errors.push(e)} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Revenue could not be loaded.');
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(errors.map((e) => e.kind)).toEqual(['session']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sessionOf(frame())).toBe('retry-2'));
    expect(getSession.mock.calls[1]![0]).toMatchObject({ reason: 'retry' });
  });

  it('words a 401 for a page that never had a session, and for one whose sign-in ended', async () => {
    let signedIn = false;
    const getSession = vi.fn(async () => {
      if (!signedIn) throw Object.assign(new Error('session route: 401'), { status: 401 });
      return `signed-in-${++counter}`;
    });
    const handle = createRef<EmbeddedDashboardHandle>();
    setup(getSession, <EmbeddedDashboard ref={handle} publicId="p" title="Revenue" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in to see this (session route: 401)');
    signedIn = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(frame()).not.toBeNull());
    signedIn = false;
    act(() => handle.current!.reload());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has ended: sign in again, then retry (session route: 401)',
    );
  });

  it('retries network and 5xx failures with backoff, then loads', async () => {
    let calls = 0;
    const getSession = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2) throw Object.assign(new Error('Unavailable'), { status: 503 });
      return 'third-time';
    });
    setup(getSession, <EmbeddedDashboard publicId="p" title="P" />);
    await waitFor(() => expect(sessionOf(frame())).toBe('third-time'));
    expect(getSession).toHaveBeenCalledTimes(3);
  });

  it('times out a slow getSession through its signal', async () => {
    const getSession = vi.fn(
      ({ signal }: { signal: AbortSignal }) =>
        new Promise<string>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
    );
    setup(getSession, <EmbeddedDashboard publicId="p" title="P" />, {
      sessionPolicy: { timeoutMs: 20, attempts: 2, baseDelayMs: 1 },
    });
    await screen.findByRole('alert');
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('unmount cancels the request in flight', async () => {
    let signal: AbortSignal | undefined;
    const getSession = vi.fn((context: { signal: AbortSignal }) => {
      signal = context.signal;
      return new Promise<string>(() => {});
    });
    const { unmount } = setup(getSession, <EmbeddedDashboard publicId="p" title="P" />);
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    await waitFor(() => expect(signal!.aborted).toBe(true));
  });

  it('never loads a session id twice: a host that caches ids gets an error, not a reused session', async () => {
    const getSession = vi.fn(async () => 'cached-id');
    const errors: string[] = [];
    setup(
      getSession,
      <>
        <EmbeddedDashboard publicId="a" title="A" />
        <EmbeddedDashboard publicId="b" title="B" onError={(e) => errors.push(e.kind)} />
      </>,
    );
    await waitFor(() => expect(errors).toEqual(['session-reused']));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('a remount and a reload each mint a new session; an expired one is refused', async () => {
    const getSession = vi.fn(fresh);
    const handle = createRef<EmbeddedDashboardHandle>();
    const { rerender } = setup(getSession, <EmbeddedDashboard key="one" ref={handle} publicId="p" title="P" />);
    await waitFor(() => expect(frame()).not.toBeNull());
    const first = sessionOf(frame());
    act(() => handle.current!.reload());
    await waitFor(() => expect(sessionOf(frame())).not.toBe(first));
    expect(getSession.mock.calls[1]![0]).toMatchObject({ reason: 'reload' });
    const second = sessionOf(frame());
    rerender(
      <EmbedProvider getSession={getSession} baseUrl={BASE} defaults={{ lazy: false }}>
        <EmbeddedDashboard key="two" publicId="p" title="P" />
      </EmbedProvider>,
    );
    await waitFor(() => expect(sessionOf(frame())).not.toBe(second));
    expect(getSession).toHaveBeenCalledTimes(3);

    const errors: string[] = [];
    const expired = vi.fn(async () => ({ sessionId: `old-${++counter}`, expiresAt: Date.now() - 1000 }));
    setup(expired, <EmbeddedDashboard publicId="x" title="X" onError={(e) => errors.push(e.kind)} />);
    await waitFor(() => expect(errors).toEqual(['session-expired']));
  });

  it('a new target is a new load with a new session', async () => {
    const getSession = vi.fn(fresh);
    const { rerender } = setup(getSession, <EmbeddedDashboard publicId="a" title="D" />);
    await waitFor(() => expect(frame()?.src).toContain('/dashboard/a?'));
    rerender(
      <EmbedProvider getSession={getSession} baseUrl={BASE} defaults={{ lazy: false }}>
        <EmbeddedDashboard publicId="b" title="D" />
      </EmbedProvider>,
    );
    await waitFor(() => expect(frame()?.src).toContain('/dashboard/b?'));
    expect(getSession.mock.calls[1]![0]).toMatchObject({ reason: 'target-change', target: { publicId: 'b' } });
  });

  it('is lazy: no session until the dashboard comes near the viewport', async () => {
    let trigger: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          trigger = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const getSession = vi.fn(fresh);
    render(
      <EmbedProvider getSession={getSession} baseUrl={BASE}>
        <EmbeddedDashboard publicId="p" title="Below the fold" />
      </EmbedProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getSession).not.toHaveBeenCalled();
    expect(screen.getByText('Loading Below the fold')).toBeInTheDocument();
    act(() => trigger!([{ isIntersecting: true }]));
    await waitFor(() => expect(getSession).toHaveBeenCalledTimes(1));
  });
});

describe('<EmbeddedDashboard> messages', () => {
  // The event parser is a lazy chunk, loaded as the first dashboard mounts: these tests post
  // events synchronously, so it is loaded first (a cold module graph can take longer than
  // minting the session). Events that arrive before it wait for it, in order.
  beforeAll(() => import('../../../src/react/embed/event-handlers'));

  async function loaded(extra: Record<string, unknown> = {}, providerProps: Record<string, unknown> = {}) {
    const handlers = {
      onReady: vi.fn(),
      onDashboardLoaded: vi.fn(),
      onEmbedError: vi.fn(),
      onEvent: vi.fn(),
      onNavigate: vi.fn(),
    };
    const utils = setup(fresh, <EmbeddedDashboard publicId="p" title="P" {...handlers} {...extra} />, providerProps);
    await waitFor(() => expect(frame()).not.toBeNull());
    await act(async () => {}); // let every effect of the load settle
    const iframe = frame()!;
    const sent = vi.spyOn(iframe.contentWindow!, 'postMessage');
    return { ...utils, iframe, sent, handlers };
  }

  it('dispatches valid events to typed callbacks and sends the theme to the exact origin once ready', async () => {
    const { iframe, sent, handlers } = await loaded(
      {},
      { theme: { colors: { primary: '#0e7490' }, fonts: { body: 'Inter' } } },
    );
    expect(iframe.closest('.ek-embed')).toHaveAttribute('data-phase', 'loading');
    post(iframe, 'cube:event:ready', { mode: 'read-only', surface: 'dashboard', publicId: 'p' });
    expect(handlers.onReady).toHaveBeenCalledWith({ mode: 'read-only', surface: 'dashboard', publicId: 'p' });
    expect(iframe.closest('.ek-embed')).toHaveAttribute('data-phase', 'ready');
    const theme = sent.mock.calls.find(([message]) => (message as { type: string }).type === 'cube:action:set-theme');
    expect(theme).toEqual([
      expect.objectContaining({
        source: 'cube-embed',
        direction: 'action',
        payload: expect.objectContaining({ primaryColor: '#0e7490', font: 'Inter' }),
      }),
      BASE,
    ]);
    post(iframe, 'cube:event:dashboard-loaded', { publicId: 'p', widgetCount: 3, loadDurationMs: 12 });
    expect(handlers.onDashboardLoaded).toHaveBeenCalledWith({ publicId: 'p', widgetCount: 3, loadDurationMs: 12 });
  });

  it('ignores messages from another origin, another window, or of the wrong shape', async () => {
    const { iframe, handlers } = await loaded();
    post(iframe, 'cube:event:ready', {}, 'https://evil.test');
    post(iframe, 'cube:event:ready', {}, BASE, window);
    post(iframe, 'cube:event:navigate', { path: 42 });
    post(iframe, 'cube:event:unknown', {});
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: 'cube:event:ready', origin: BASE, source: iframe.contentWindow }),
      ),
    );
    expect(handlers.onReady).not.toHaveBeenCalled();
    expect(handlers.onNavigate).not.toHaveBeenCalled();
    expect(handlers.onEvent).not.toHaveBeenCalled();
  });

  it('sends later filters, locale and colour scheme as actions, never reloading', async () => {
    const getSession = vi.fn(fresh);
    const view = (filters: Record<string, unknown>, locale: string, colorScheme: 'light' | 'dark') => (
      <EmbedProvider getSession={getSession} baseUrl={BASE} defaults={{ lazy: false }}>
        <EmbeddedDashboard publicId="p" title="P" filters={filters} locale={locale} colorScheme={colorScheme} />
      </EmbedProvider>
    );
    const { rerender } = render(view({ 'orders.region': ['Europe'] }, 'en-US', 'light'));
    await waitFor(() => expect(frame()).not.toBeNull());
    const iframe = frame()!;
    const sent = vi.spyOn(iframe.contentWindow!, 'postMessage');
    post(iframe, 'cube:event:ready', {});
    const types = () => sent.mock.calls.map(([message]) => (message as { type: string }).type);
    expect(types()).toEqual(['cube:action:set-theme', 'cube:action:set-color-scheme']);
    rerender(view({ 'orders.region': ['Asia Pacific'] }, 'de-DE', 'dark'));
    expect(types().slice(2).sort()).toEqual([
      'cube:action:set-color-scheme',
      'cube:action:set-filter',
      'cube:action:set-locale',
    ]);
    const filter = sent.mock.calls.find(
      ([message]) => (message as { type: string }).type === 'cube:action:set-filter',
    )![0];
    expect(filter).toMatchObject({ payload: { filterUrlParameter: 'f_orders.region=%5B%22Asia+Pacific%22%5D' } });
    expect(frame()).toBe(iframe);
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('follows the content height, both ways, within its bounds; or keeps a fixed height', async () => {
    const { iframe } = await loaded({ minHeight: 100, maxHeight: 600 });
    const box = iframe.closest('.ek-embed') as HTMLElement;
    post(iframe, 'cube:event:ready', {});
    post(iframe, 'cube:event:resize', { height: 450 });
    expect(box.style.height).toBe('450px');
    post(iframe, 'cube:event:resize', { height: 180 });
    expect(box.style.height).toBe('180px');
    post(iframe, 'cube:event:resize', { height: 5000 });
    expect(box.style.height).toBe('600px');
    post(iframe, 'cube:event:resize', { height: 10 });
    expect(box.style.height).toBe('100px');
    expect(iframe.style.height).toBe('100px');
  });

  it('a fatal embed error shows the error state with Retry; a load timeout too', async () => {
    const { iframe, handlers } = await loaded();
    post(iframe, 'cube:event:error', { message: 'Invalid session', name: 'SessionError', fatal: true });
    expect(handlers.onEmbedError).toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid session');
    const errors: string[] = [];
    setup(
      fresh,
      <EmbeddedDashboard publicId="slow" title="Slow" loadTimeoutMs={30} onError={(e) => errors.push(e.kind)} />,
    );
    await waitFor(() => expect(errors).toEqual(['load-timeout']));
  });

  it('lets the host replace the loading and error states', async () => {
    setup(
      async () => {
        throw Object.assign(new Error('nope'), { status: 401 });
      },
      <EmbeddedDashboard
        publicId="p"
        title="P"
        renderLoading={() => <p>Custom loading</p>}
        renderError={({ error, retry }) => (
          <button type="button" onClick={retry}>
            Custom retry: {error.kind}
          </button>
        )}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Custom retry: session' })).toBeInTheDocument();
  });
});

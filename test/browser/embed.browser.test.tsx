import { render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { EmbeddedDashboard, EmbedProvider, type EmbeddedDashboardHandle, type GetSession } from '../../src';
import { MOCK_BASE_URL, mockSession } from '../../stories/support/sessions';

// The Vite dev server serves the mock under /__mock (see vite.config.ts), on this origin.
const box = (container: HTMLElement) => container.querySelector('.ek-embed') as HTMLElement;

describe('<EmbeddedDashboard> with the mock embed page', () => {
  it('receives events, applies actions, and follows the content height both ways', async () => {
    const onReady = vi.fn();
    const onDashboardLoaded = vi.fn();
    const handle = createRef<EmbeddedDashboardHandle>();
    const { container } = render(
      <EmbedProvider
        getSession={mockSession({ externalId: 'browser-all', groups: ['executives'] })}
        baseUrl={MOCK_BASE_URL}
        defaults={{ lazy: false, minHeight: 50 }}
      >
        <EmbeddedDashboard
          ref={handle}
          publicId="sales-overview"
          deploymentId={1}
          title="Sales overview"
          onReady={onReady}
          onDashboardLoaded={onDashboardLoaded}
        />
      </EmbedProvider>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    expect(onReady.mock.calls[0]![0]).toMatchObject({
      deploymentId: 1,
      mode: 'read-only',
      surface: 'dashboard',
      publicId: 'sales-overview',
    });
    await waitFor(() => expect(onDashboardLoaded).toHaveBeenCalledWith(expect.objectContaining({ widgetCount: 3 })));
    const iframe = container.querySelector('iframe')!;
    const inner = iframe.contentDocument!;
    await waitFor(() => expect(inner.body.textContent).toContain('Signed in as browser-all'));
    await waitFor(() => expect(parseFloat(box(container).style.height)).toBeGreaterThan(200));
    const tall = parseFloat(box(container).style.height);

    // The provider's theme arrived as a set-theme action (same origin: we can look inside).
    await waitFor(() => expect(inner.documentElement.style.getPropertyValue('--primary')).toBe('#4f46e5'));
    handle.current!.setTheme({ primaryColor: '#0e7490', font: 'Georgia' });
    await waitFor(() => expect(inner.documentElement.style.getPropertyValue('--primary')).toBe('#0e7490'));
    handle.current!.setColorScheme('dark');
    await waitFor(() => expect(inner.documentElement.dataset.scheme).toBe('dark'));

    // A filter to one region: fewer bars, a shorter page, and the frame shrinks.
    const loadsBefore = onDashboardLoaded.mock.calls.length;
    handle.current!.setFilters({ 'orders.country': ['Japan'] });
    await waitFor(() => expect(onDashboardLoaded.mock.calls.length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(parseFloat(box(container).style.height)).toBeLessThan(tall));
    // Back to everything: it grows again.
    handle.current!.setFilters({ 'orders.country': [] });
    await waitFor(() => expect(parseFloat(box(container).style.height)).toBe(tall));
    expect(container.querySelector('iframe')).toBe(iframe);
  });

  it('shows only the rows the session user may see', async () => {
    const onReady = vi.fn();
    const { container } = render(
      <EmbedProvider
        getSession={mockSession({ externalId: 'browser-eu', userAttributes: [{ name: 'region', value: ['Europe'] }] })}
        baseUrl={MOCK_BASE_URL}
        defaults={{ lazy: false }}
      >
        <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales" onReady={onReady} />
      </EmbedProvider>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    const widget = container
      .querySelector('iframe')!
      .contentDocument!.querySelector('[data-widget="Revenue by region"]')!;
    expect(widget.textContent).toContain('Europe');
    expect(widget.textContent).not.toContain('North America');
  });

  it('ignores a forged message from another origin', async () => {
    const onEmbedError = vi.fn();
    const onReady = vi.fn();
    const { container } = render(
      <EmbedProvider
        getSession={mockSession({ externalId: 'browser-forged' })}
        baseUrl={MOCK_BASE_URL}
        defaults={{ lazy: false }}
      >
        <EmbeddedDashboard publicId="sales-overview" title="Sales" onReady={onReady} onEmbedError={onEmbedError} />
      </EmbedProvider>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    // An opaque-origin frame, and this window itself, both try to report a fatal error.
    const forged = {
      source: 'cube-embed',
      direction: 'event',
      type: 'cube:event:error',
      payload: { message: 'forged', fatal: true },
    };
    // The component's listener was added at mount, before this one: once this one has seen a
    // forged message, the component has already handled it (and must have ignored it).
    const iframe = container.querySelector('iframe')!;
    const seen: string[] = [];
    const record = (message: MessageEvent) => {
      if (message.data?.payload?.message !== 'forged') return;
      seen.push(
        message.source === window
          ? 'this window'
          : message.source === attacker.contentWindow
            ? 'opaque frame'
            : message.source === iframe.contentWindow
              ? 'embed window'
              : 'other',
      );
    };
    window.addEventListener('message', record);
    const attacker = document.createElement('iframe');
    attacker.src = `data:text/html,<script>parent.postMessage(${encodeURIComponent(JSON.stringify(forged))}, '*')</script>`;
    document.body.append(attacker);
    window.postMessage(forged, '*');
    await waitFor(() => expect([...seen].sort()).toEqual(['opaque frame', 'this window']), { timeout: 10_000 });
    attacker.remove();
    expect(onEmbedError).not.toHaveBeenCalled();
    // The embed's own window, navigated away to another origin, posts the same: its source
    // matches, its origin does not.
    const payload = encodeURIComponent(JSON.stringify(forged));
    iframe.contentWindow!.location.href = `data:text/html,<script>parent.postMessage(${payload}, '*'); window.__sent = true</script>`;
    await waitFor(() => expect(seen).toContain('embed window'), { timeout: 10_000 });
    window.removeEventListener('message', record);
    expect(onEmbedError).not.toHaveBeenCalled();
    expect(box(container)).toHaveAttribute('data-phase', 'ready');
  });

  it('an invalid session shows the error state; Retry mints a fresh one and loads', async () => {
    let calls = 0;
    const good = mockSession({ externalId: 'browser-retry' });
    const getSession: GetSession = async (context) => (++calls === 1 ? 'not-a-real-session' : good(context));
    const onReady = vi.fn();
    render(
      <EmbedProvider getSession={getSession} baseUrl={MOCK_BASE_URL} defaults={{ lazy: false }}>
        <EmbeddedDashboard publicId="sales-overview" title="Sales" onReady={onReady} />
      </EmbedProvider>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Invalid session');
    screen.getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    expect(calls).toBe(2);
  });
});

describe('<EmbeddedDashboard> focus', () => {
  it('shows the library focus ring on the iframe when the keyboard moves into it', async () => {
    const onReady = vi.fn();
    const { container } = render(
      <EmbedProvider
        getSession={mockSession({ externalId: 'browser-focus' })}
        baseUrl={MOCK_BASE_URL}
        defaults={{ lazy: false }}
      >
        <button type="button">before</button>
        <EmbeddedDashboard publicId="sales-overview" deploymentId={1} title="Sales overview" onReady={onReady} />
      </EmbedProvider>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    const frame = container.querySelector('iframe')!;
    expect(getComputedStyle(frame).outlineStyle).toBe('none');
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.keyboard('{Tab}'); // a real key press through the browser
    await waitFor(() => expect(document.activeElement).toBe(frame));
    await waitFor(() => expect(getComputedStyle(frame).outlineStyle).toBe('solid'));
    expect(getComputedStyle(frame).outlineWidth).toBe('2px');
    // Back out of the frame: the ring goes.
    screen.getByRole('button', { name: 'before' }).focus();
    await waitFor(() => expect(getComputedStyle(frame).outlineStyle).toBe('none'));
  });
});

// The recommended sandbox (`sandbox` = true, EMBED_SANDBOX) with the mock's real embed page in
// Chromium: the dashboard still loads, reports its height and sends drilldowns, and a script of
// the embed page cannot open a popup (without a sandbox it can: the check is not vacuous).
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMBED_SANDBOX, EmbeddedDashboard, EmbedProvider } from '../../src';
import { MOCK_BASE_URL, mockSession } from '../../stories/support/sessions';

/** Runs `window.open` as a script of the embed page itself (its CSP's nonce), as a compromised page would. */
async function openFromEmbed(frame: HTMLIFrameElement): Promise<boolean> {
  const inner = frame.contentDocument!;
  const nonce = inner.querySelector<HTMLScriptElement>('script[nonce]')!.nonce;
  const script = inner.createElement('script');
  script.nonce = nonce;
  script.textContent = 'window.__opened = window.open("about:blank", "_blank") !== null;';
  inner.body.append(script);
  await waitFor(() => expect((frame.contentWindow as unknown as { __opened?: boolean }).__opened).toBeDefined());
  return (frame.contentWindow as unknown as { __opened: boolean }).__opened;
}

function mount(sandbox: boolean) {
  const onReady = vi.fn();
  const onDrilldown = vi.fn();
  const view = render(
    <EmbedProvider
      getSession={mockSession({ externalId: `browser-sandbox-${sandbox}` })}
      baseUrl={MOCK_BASE_URL}
      defaults={{ lazy: false, minHeight: 50 }}
    >
      <EmbeddedDashboard
        publicId="sales-overview"
        deploymentId={1}
        title="Sandboxed"
        sandbox={sandbox}
        onReady={onReady}
        onDrilldown={onDrilldown}
      />
    </EmbedProvider>,
  );
  return { ...view, onReady, onDrilldown, frame: () => view.container.querySelector('iframe')! };
}

describe('<EmbeddedDashboard sandbox> with the mock embed page', () => {
  it('loads, follows the content height and sends drilldowns under EMBED_SANDBOX; the embed opens no popup', async () => {
    const { container, onReady, onDrilldown, frame } = mount(true);
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    expect(frame().getAttribute('sandbox')).toBe(EMBED_SANDBOX);
    const box = container.querySelector<HTMLElement>('.ek-embed')!;
    await waitFor(() => expect(parseFloat(box.style.height)).toBeGreaterThan(200));
    const bar = await waitFor(() => {
      const found = frame().contentDocument!.querySelector<HTMLButtonElement>('.bar[data-value="Europe"]');
      expect(found).not.toBeNull();
      return found!;
    });
    bar.click();
    await waitFor(() => expect(onDrilldown).toHaveBeenCalledWith(expect.objectContaining({ value: 'Europe' })));
    expect(await openFromEmbed(frame())).toBe(false);
  });

  it('without a sandbox, the same embed page can open a popup', async () => {
    const { onReady, frame } = mount(false);
    await waitFor(() => expect(onReady).toHaveBeenCalled(), { timeout: 10_000 });
    expect(frame().hasAttribute('sandbox')).toBe(false);
    expect(await openFromEmbed(frame())).toBe(true);
  });
});

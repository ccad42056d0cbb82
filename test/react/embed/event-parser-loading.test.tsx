// The embed event parser loads lazily (issue 17): messages that arrive before it has loaded
// wait for it and are handled in order; none is lost.
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedDashboard, EmbedProvider } from '../../../src';

let open!: () => void;
const opened = new Promise<void>((resolve) => (open = resolve));
// Only the dashboard's dynamic import of the parser waits (the static imports have loaded).
vi.doMock('../../../src/protocol/embed-events', async () => {
  await opened;
  return vi.importActual('../../../src/protocol/embed-events');
});

describe('<EmbeddedDashboard> before its event parser has loaded', () => {
  it('keeps the messages and handles them in order once it has', async () => {
    const onEvent = vi.fn();
    const { container } = render(
      <EmbedProvider getSession={async () => 'sess-1'} baseUrl="https://acme.test" defaults={{ lazy: false }}>
        <EmbeddedDashboard publicId="p" title="P" minHeight={100} onEvent={onEvent} />
      </EmbedProvider>,
    );
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    const iframe = container.querySelector('iframe')!;
    const post = (type: string, payload: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { source: 'cube-embed', direction: 'event', type, payload },
            origin: 'https://acme.test',
            source: iframe.contentWindow,
          }),
        );
      });
    post('cube:event:ready', {});
    post('cube:event:resize', { height: 300 });
    post('cube:event:resize', { height: 420 });
    const box = container.querySelector('.ek-embed')!;
    expect(box).toHaveAttribute('data-phase', 'loading');
    expect(onEvent).not.toHaveBeenCalled();
    await act(async () => open());
    await waitFor(() => expect(box).toHaveAttribute('data-phase', 'ready'));
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual([
      'cube:event:ready',
      'cube:event:resize',
      'cube:event:resize',
    ]);
    expect((box as HTMLElement).style.height).toBe('420px');
  });
});

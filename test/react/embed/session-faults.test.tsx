// Issue 12, session minting faults: whatever getSession does (fail, hang, garbage, an id
// already used), the dashboard shows the error with a Retry that works, and no id is loaded
// twice across the whole page.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmbeddedDashboard, EmbedProvider, type GetSession, type SessionResult } from '../../../src';

const BASE = 'https://acme.test';
const loaded = () => [...document.querySelectorAll('iframe')].map((f) => new URL(f.src).searchParams.get('session'));

/** getSession answering each call with the next behaviour, then fresh ids. */
function scripted(behaviours: ((signal: AbortSignal) => Promise<SessionResult>)[]) {
  let call = 0;
  const getSession: GetSession = ({ signal }) => {
    const behaviour = behaviours[call++];
    return behaviour ? behaviour(signal) : Promise.resolve(`fresh-${call}`);
  };
  return { getSession, calls: () => call };
}

const hang = (signal: AbortSignal) =>
  new Promise<SessionResult>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

const garbage: [string, unknown][] = [
  ['null', null],
  ['an empty id', ''],
  ['a number', 42],
  ['an object without sessionId', { id: 'x' }],
  ['a sessionId that is not a string', { sessionId: { toString: () => 'x' } }],
];

describe('session minting faults', () => {
  it.each([
    ['fails (4xx)', () => Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 }))],
    ['hangs past the timeout', hang],
    ...garbage.map(([name, value]) => [`returns garbage: ${name}`, () => Promise.resolve(value as SessionResult)]),
  ] as [string, (signal: AbortSignal) => Promise<SessionResult>][])(
    '%s: an error with a Retry that loads a fresh session',
    async (_, behaviour) => {
      const { getSession } = scripted([behaviour]);
      render(
        <EmbedProvider
          getSession={getSession}
          baseUrl={BASE}
          defaults={{ lazy: false }}
          sessionPolicy={{ attempts: 1, timeoutMs: 30, baseDelayMs: 1 }}
        >
          <EmbeddedDashboard publicId="p" title="Revenue" />
        </EmbedProvider>,
      );
      await screen.findByRole('alert');
      expect(loaded()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(loaded()).toEqual(['fresh-2']));
    },
  );

  it('an id a host hands out twice is loaded once; the second dashboard errors and its Retry recovers', async () => {
    const { getSession } = scripted([async () => 'same-id', async () => 'same-id', async () => 'same-id']);
    render(
      <EmbedProvider
        getSession={getSession}
        baseUrl={BASE}
        defaults={{ lazy: false }}
        sessionPolicy={{ baseDelayMs: 1 }}
      >
        <EmbeddedDashboard publicId="a" title="A" />
        <EmbeddedDashboard publicId="b" title="B" />
      </EmbedProvider>,
    );
    await screen.findByRole('alert');
    expect(loaded()).toEqual(['same-id']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // The retry got the used id again: refused again, never loaded.
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(loaded()).toEqual(['same-id']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loaded().sort()).toEqual(['fresh-4', 'same-id']));
  });

  it('a hostile session id is encoded into the URL and cannot change the embed origin or path', async () => {
    const { getSession } = scripted([async () => '"><script>alert(1)</script>&session=evil#@evil.test/../x']);
    render(
      <EmbedProvider getSession={getSession} baseUrl={BASE} defaults={{ lazy: false }}>
        <EmbeddedDashboard publicId="p" title="P" />
      </EmbedProvider>,
    );
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    const url = new URL(document.querySelector('iframe')!.src);
    expect(url.origin).toBe(BASE);
    expect(url.hash).toBe('');
    expect(url.searchParams.getAll('session')).toEqual(['"><script>alert(1)</script>&session=evil#@evil.test/../x']);
    expect(document.querySelector('script')).toBeNull();
  });
});

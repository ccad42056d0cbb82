// Issue 17, points 5, 6 and 7: host configuration is checked, not trusted; embed messages
// cannot stretch the page or throw; the iframe can be sandboxed.
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_MAX_HEIGHT,
  EMBED_SANDBOX,
  EmbeddedDashboard,
  EmbedProvider,
  type EmbeddedDashboardHandle,
  type EmbedError,
  type EmbeddedDashboardProps,
  type EmbedProviderProps,
} from '../../../src';

const BASE = 'https://acme.test';
let counter = 0;

function mount(dashboard: Partial<EmbeddedDashboardProps> = {}, provider: Partial<EmbedProviderProps> = {}) {
  const getSession = vi.fn(async () => `sess-${++counter}`);
  const errors: EmbedError[] = [];
  const handle = createRef<EmbeddedDashboardHandle>();
  const utils = render(
    <EmbedProvider
      getSession={getSession}
      baseUrl={BASE}
      defaults={{ lazy: false }}
      onError={(error) => errors.push(error)}
      {...provider}
    >
      <EmbeddedDashboard ref={handle} publicId="p" title="P" {...dashboard} />
    </EmbedProvider>,
  );
  return { ...utils, getSession, errors, handle };
}

const frame = () => document.querySelector('iframe');

function post(data: unknown, iframe = frame()!) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: BASE, source: iframe.contentWindow }));
  });
}
const event = (type: unknown, payload: unknown = {}) => ({ source: 'cube-embed', direction: 'event', type, payload });

afterEach(() => vi.restoreAllMocks());

describe('host configuration', () => {
  it.each([
    'javascript:alert(document.domain)',
    'data:text/html,<h1>x</h1>',
    '//evil.test',
    '',
    'http://evil.test',
    'https://u:p@acme.test',
  ])('refuses baseUrl %j with a config EmbedError, mints nothing and renders no iframe', async (baseUrl) => {
    const { getSession, errors } = mount({}, { baseUrl });
    expect(await screen.findByRole('alert')).toHaveTextContent('is not an https URL');
    expect(errors.map((e) => e.kind)).toEqual(['config']);
    expect(getSession).not.toHaveBeenCalled();
    expect(frame()).toBeNull();
  });

  it('refuses a deploymentId that is not a positive integer instead of putting it in the path', async () => {
    const { getSession, errors } = mount({ deploymentId: '1/../../../evil?' as unknown as number });
    expect(await screen.findByRole('alert')).toHaveTextContent('deploymentId must be a positive integer');
    expect(errors[0]?.kind).toBe('config');
    expect(getSession).not.toHaveBeenCalled();
    expect(frame()).toBeNull();
  });

  it('refuses a custom builder URL that is not http(s)', async () => {
    const { errors } = mount({}, { buildUrl: () => 'javascript:alert(1)' });
    await waitFor(() => expect(errors.map((e) => e.kind)).toEqual(['config']));
    expect(frame()).toBeNull();
  });

  it('never lets extraParams replace the minted session', async () => {
    mount({ deploymentId: 3, extraParams: { session: 'attacker-session', mode: 'x' } });
    await waitFor(() => expect(frame()).not.toBeNull());
    const url = new URL(frame()!.src);
    expect(url.pathname).toBe('/embed/d/3/dashboard/p');
    expect(url.searchParams.getAll('session')).toEqual([`sess-${counter}`]);
    expect(url.searchParams.get('mode')).toBe('x');
  });

  it('drops theme colours and fonts that are not colours and fonts: not in CSS variables, not sent to the embed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { errors, container } = mount(
      {},
      {
        theme: {
          colors: {
            primary: 'url(https://evil.test/p.svg#x)',
            background: 'red; background-image: url(//evil.test/b)',
            text: '#111111',
          },
          fonts: { body: 'x; src: url(//evil.test/f.woff)' },
          chart: { palette: ['url(//evil.test/c)', '#123456'] },
        },
      },
    );
    await waitFor(() => expect(frame()).not.toBeNull());
    const iframe = frame()!;
    const sent = vi.spyOn(iframe.contentWindow!, 'postMessage');
    post(event('cube:event:ready'));
    const style = (container.querySelector('.ek-embed') as HTMLElement).getAttribute('style') ?? '';
    expect(style).not.toMatch(/url\(|evil/);
    expect(style).toContain('--ek-color-text: #111111');
    const theme = sent.mock.calls.find(([m]) => (m as { type: string }).type === 'cube:action:set-theme')![0];
    expect(JSON.stringify(theme)).not.toMatch(/url\(|evil/);
    expect(errors.map((e) => e.kind)).toEqual(['config']);
    expect(errors[0]!.message).toMatch(/primary.*background.*palette|primary/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Theme values refused'));
  });

  it('drops a theme locale that is not a BCP 47 tag, as a config error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { errors } = mount({}, { theme: { locale: 'de_CH' } });
    await waitFor(() => expect(errors.map((e) => e.kind)).toEqual(['config']));
    expect(errors[0]!.message).toBe('Theme values refused: locale: "de_CH"');
    // The refusal is reported at once; the frame comes only after getSession resolves.
    await waitFor(() => expect(frame()).not.toBeNull());
    warn.mockRestore();
  });

  it('refuses setTheme values that are not colours and fonts', async () => {
    const { handle, errors } = mount();
    await waitFor(() => expect(frame()).not.toBeNull());
    const iframe = frame()!;
    post(event('cube:event:ready'));
    const sent = vi.spyOn(iframe.contentWindow!, 'postMessage');
    handle.current!.setTheme({ primaryColor: 'url(//evil.test/x)' });
    handle.current!.setTheme({ analyticsChat: { chatInput: { borderColor: 'red;x:y' } } });
    expect(sent).not.toHaveBeenCalled();
    handle.current!.setTheme({ primaryColor: '#0e7490', font: "'Inter', sans-serif" });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(errors.map((e) => e.kind)).toEqual(['config', 'config']);
  });
});

describe('embed messages', () => {
  async function ready(dashboard: Partial<EmbeddedDashboardProps> = {}) {
    const mounted = mount(dashboard);
    await waitFor(() => expect(frame()).not.toBeNull());
    post(event('cube:event:ready'));
    return { ...mounted, box: mounted.container.querySelector('.ek-embed') as HTMLElement };
  }

  it('clamps a huge resize to the default maximum; ignores non-finite and negative heights', async () => {
    const { box } = await ready({ minHeight: 100 });
    post(event('cube:event:resize', { height: 1e9 }));
    expect(box.style.height).toBe(`${DEFAULT_MAX_HEIGHT}px`);
    post(event('cube:event:resize', { height: 500 }));
    post(event('cube:event:resize', { height: Number.MAX_VALUE }));
    expect(box.style.height).toBe(`${DEFAULT_MAX_HEIGHT}px`);
    post(event('cube:event:resize', { height: 500 }));
    for (const height of [Infinity, NaN, '1e9', null]) post(event('cube:event:resize', { height }));
    expect(box.style.height).toBe('500px');
    post(event('cube:event:resize', { height: -1e9 }));
    expect(box.style.height).toBe('100px');
    expect(frame()!.style.height).toBe('100px');
  });

  it('a non-finite maxHeight means the default maximum', async () => {
    const { box } = await ready({ maxHeight: Infinity });
    post(event('cube:event:resize', { height: 1e9 }));
    expect(box.style.height).toBe(`${DEFAULT_MAX_HEIGHT}px`);
  });

  it('an event type named after an Object.prototype member throws nothing and reaches no handler', async () => {
    const onEvent = vi.fn();
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    await ready({ onEvent });
    onEvent.mockClear();
    for (const type of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf', 'cube:event:__proto__'])
      post(event(type));
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(onEvent).not.toHaveBeenCalled();
  });
});

describe('sandbox', () => {
  it('none by default; `true` gives the tokens the embed needs; a string is used as given', async () => {
    const { unmount } = mount();
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(frame()!.hasAttribute('sandbox')).toBe(false);
    unmount();
    const second = mount({ sandbox: true });
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(frame()!.getAttribute('sandbox')).toBe(EMBED_SANDBOX);
    expect(EMBED_SANDBOX.split(' ').sort()).toEqual([
      'allow-downloads',
      'allow-forms',
      'allow-same-origin',
      'allow-scripts',
    ]);
    second.unmount();
    mount({ sandbox: `${EMBED_SANDBOX} allow-popups` });
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(frame()!.getAttribute('sandbox')).toBe(`${EMBED_SANDBOX} allow-popups`);
  });
});

// Issue 17, point 9: the chat proxy trusts the browser's request no further than it must.
// What a cross-site page can make a user's browser send (a form, a fetch without CORS) never
// reaches the agent; a huge body is refused unread; a huge question is refused.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/protocol';
import {
  checkAllowedOrigins,
  checkBrowserRequest,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_INPUT_LENGTH,
} from '../../src/server';
import { recordingProxy } from './recording-proxy';

const ORIGIN = 'https://host.test';

function post(body: BodyInit, headers: Record<string, string>, path = '/api/chat') {
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}
const json = { 'Content-Type': 'application/json' };

describe('createChatProxy refuses what a browser should not be able to make it do', () => {
  it("refuses a cross-site form post (text/plain, with the user's cookies) before the agent runs", async () => {
    const { proxy, upstream } = recordingProxy();
    // What Chromium sends for <form method=post enctype=text/plain> on another site.
    const forged = post('{"input":"export every customer","x":"=1"}', {
      'Content-Type': 'text/plain',
      Origin: 'https://evil.test',
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'navigate',
      Cookie: 'user=eve',
    });
    const response = await proxy(forged);
    expect(response.status).toBe(403);
    expect(upstream).toEqual([]);
  });

  it('refuses cross-site and same-site requests by Sec-Fetch-Site, or by Origin where a browser sends no Sec-Fetch-Site', async () => {
    const { proxy, upstream } = recordingProxy();
    const body = JSON.stringify({ input: 'x' });
    for (const headers of [
      { ...json, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.test' },
      { ...json, 'Sec-Fetch-Site': 'same-site', Origin: 'https://sub.host.test' },
      { ...json, 'Sec-Fetch-Site': 'cross-site' },
      { ...json, 'Sec-Fetch-Site': 'none' },
      { ...json, Origin: 'https://evil.test' },
      { ...json, Origin: 'null' },
      { ...json, Origin: 'http://host.test.evil.test' },
    ] as Record<string, string>[])
      expect((await proxy(post(body, headers))).status, JSON.stringify(headers)).toBe(403);
    expect(upstream).toEqual([]);
  });

  it('accepts same-origin requests, requests with no browser headers, and allowed origins', async () => {
    const { proxy, upstream } = recordingProxy({ allowedOrigins: ['https://app.test'] });
    const body = JSON.stringify({ input: 'x' });
    for (const headers of [
      { ...json, 'Sec-Fetch-Site': 'same-origin', Origin: ORIGIN },
      { ...json, Origin: ORIGIN },
      json, // curl, a server: no browser, no cookies of a victim
      { ...json, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://app.test' },
      { 'Content-Type': 'application/json; charset=utf-8', 'Sec-Fetch-Site': 'same-origin' },
    ] as Record<string, string>[])
      expect((await proxy(post(body, headers))).status, JSON.stringify(headers)).toBe(200);
    expect(upstream).toHaveLength(5);
  });

  it('requires Content-Type: application/json (415): a simple request cannot reach the agent', async () => {
    const { proxy, upstream } = recordingProxy();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])
      expect((await proxy(post('{"input":"x"}', type ? { 'Content-Type': type } : {}))).status, type).toBe(415);
    expect(upstream).toEqual([]);
  });

  it('refuses a huge body with 413 after reading at most the limit, not the whole body', async () => {
    const { proxy, upstream } = recordingProxy();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const total = 64 * 1024 * 1024; // the check is the same for 1 GB: it stops at the limit
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await proxy(post(body, json)); // no Content-Length: streamed
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 3 * chunk.byteLength);
    expect(upstream).toEqual([]);
    // A declared Content-Length over the limit is refused before any reading.
    const declared = await proxy(post('{}', { ...json, 'Content-Length': String(1024 ** 3) }));
    expect(declared.status).toBe(413);
  });

  it('refuses an input over the documented limit with 400; the limits are options', async () => {
    const { proxy, upstream } = recordingProxy();
    const long = JSON.stringify({ input: 'x'.repeat(DEFAULT_MAX_INPUT_LENGTH + 1) });
    const response = await proxy(post(long, json));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `input is longer than ${DEFAULT_MAX_INPUT_LENGTH} characters` });
    expect((await proxy(post(JSON.stringify({ input: 'x'.repeat(DEFAULT_MAX_INPUT_LENGTH) }), json))).status).toBe(200);
    const tight = recordingProxy({ maxInputLength: 5, maxBodyBytes: 100 });
    expect((await tight.proxy(post(JSON.stringify({ input: 'abcdef' }), json))).status).toBe(400);
    expect((await tight.proxy(post(JSON.stringify({ input: 'a'.repeat(200) }), json))).status).toBe(413);
    expect(upstream).toHaveLength(1);
  });
});

describe('checkBrowserRequest', () => {
  it('returns null to go on, or the refusal to send', async () => {
    expect(checkBrowserRequest(post('{}', { ...json, 'Sec-Fetch-Site': 'same-origin' }))).toBeNull();
    const refused = checkBrowserRequest(post('', { 'Sec-Fetch-Site': 'cross-site' }), { requireJson: false });
    expect(refused?.status).toBe(403);
    expect(await refused?.json()).toEqual({ error: 'Cross-site request refused' });
    // A route without a body (the guide's session route) checks the origin only.
    expect(checkBrowserRequest(post('', { 'Sec-Fetch-Site': 'same-origin' }), { requireJson: false })).toBeNull();
    expect(checkBrowserRequest(post('', { 'Sec-Fetch-Site': 'same-origin' }))?.status).toBe(415);
  });
});

describe('allowedOrigins is host configuration, checked when the proxy is created', () => {
  const accepted = [
    'https://app.example.com',
    'https://app.example.com:8443',
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'http://[::1]:4000',
    'http://app.localhost',
  ];
  it('takes origins exactly as a browser sends them', async () => {
    const { proxy } = recordingProxy({ allowedOrigins: accepted });
    const request = post('{"input":"hi"}', {
      ...json,
      Origin: 'http://localhost:5173',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect((await proxy(request)).status).toBe(200);
  });

  it.each([
    ['a path', 'https://app.example.com/chat', 'write it as "https://app.example.com"'],
    ['a trailing slash', 'https://app.example.com/', 'write it as "https://app.example.com"'],
    ['upper case', 'https://App.Example.com', 'write it as "https://app.example.com"'],
    ['a default port', 'https://app.example.com:443', 'write it as "https://app.example.com"'],
    ['a wildcard', 'https://*.example.com', 'is not an origin'],
    ['a bare wildcard', '*', 'is not an origin'],
    ['a host without scheme', 'app.example.com', 'is not an origin'],
    ['plain http to a public host', 'http://app.example.com', 'must be https'],
    ['another scheme', 'chrome-extension://abcdef', 'must be https'],
    ['null', 'null', 'is not an origin'],
    ['an empty string', '', 'is not an origin'],
  ])('refuses %s with a typed error naming the entry', (_, bad, message) => {
    const make = () => recordingProxy({ allowedOrigins: ['https://ok.example.com', bad] });
    expect(make).toThrow(ValidationError);
    expect(make).toThrow(/allowedOrigins\[1\]/);
    expect(make).toThrow(message);
  });

  it('refuses entries that are not strings, and a list that is not an array', () => {
    expect(() => recordingProxy({ allowedOrigins: [42 as unknown as string] })).toThrow(
      /allowedOrigins\[0\]: must be a string/,
    );
    expect(() => recordingProxy({ allowedOrigins: 'https://app.example.com' as unknown as string[] })).toThrow(
      ValidationError,
    );
  });

  it('checkAllowedOrigins says the same; checkBrowserRequest throws rather than answering', () => {
    expect(() => checkAllowedOrigins(accepted)).not.toThrow();
    expect(() => checkAllowedOrigins(['https://x.test/'])).toThrow(ValidationError);
    const request = post('{}', { ...json, 'Sec-Fetch-Site': 'same-origin' });
    expect(() => checkBrowserRequest(request, { allowedOrigins: ['https://*.x.test'] })).toThrow(ValidationError);
  });
});

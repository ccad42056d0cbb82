import { describe, expect, it } from 'vitest';
import { buildEmbedUrl, isDeploymentId, parseEmbedEvent, serviceUrlProblem } from '../../src/protocol';

const envelope = (type: unknown, payload: unknown = {}) => ({
  source: 'cube-embed',
  direction: 'event',
  type,
  payload,
});

describe('parseEmbedEvent', () => {
  it('looks an event type up among its own types only: Object.prototype members are unknown types', () => {
    for (const type of [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']) {
      expect(() => parseEmbedEvent(envelope(type))).not.toThrow();
      expect(parseEmbedEvent(envelope(type))).toBeUndefined();
    }
  });

  it('takes a resize of any finite height (the dashboard clamps it) and refuses non-finite ones', () => {
    expect(parseEmbedEvent(envelope('cube:event:resize', { height: 1e9 }))?.payload).toEqual({ height: 1e9 });
    for (const height of [Infinity, -Infinity, NaN, '100', null, [100]])
      expect(parseEmbedEvent(envelope('cube:event:resize', { height }))).toBeUndefined();
  });
});

describe('buildEmbedUrl', () => {
  const dashboard = (deploymentId?: unknown) =>
    ({ surface: 'dashboard', publicId: 'p', ...(deploymentId === undefined ? {} : { deploymentId }) }) as never;

  it('refuses a deploymentId that is not a positive integer instead of putting it in the path', () => {
    for (const id of ['1/../../../evil?', '1', 0, -1, 1.5, NaN, Infinity, 2 ** 53, {}, null])
      expect(() => buildEmbedUrl('https://acme.test', dashboard(id), 's', {})).toThrow(TypeError);
    expect(buildEmbedUrl('https://acme.test', dashboard(7), 's', {})).toBe(
      'https://acme.test/embed/d/7/dashboard/p?session=s',
    );
  });

  it('percent-encodes the publicId', () => {
    const url = buildEmbedUrl('https://acme.test', { surface: 'dashboard', publicId: '../../x?y#z' }, 's', {});
    expect(new URL(url).pathname).toBe('/embed/dashboard/..%2F..%2Fx%3Fy%23z');
  });

  it('never lets extraParams replace the session or a parameter it sets itself', () => {
    const url = new URL(
      buildEmbedUrl('https://acme.test', dashboard(), 'minted', {
        locale: 'de-DE',
        filters: { 'orders.region': ['EU'] },
        extraParams: { session: 'attacker', locale: 'xx', 'f_orders.region': '[]', theme: 'dark' },
      }),
    );
    expect(url.searchParams.getAll('session')).toEqual(['minted']);
    expect(url.searchParams.getAll('locale')).toEqual(['de-DE']);
    expect(url.searchParams.getAll('f_orders.region')).toEqual(['["EU"]']);
    expect(url.searchParams.get('theme')).toBe('dark');
  });
});

describe('serviceUrlProblem and isDeploymentId', () => {
  it('accepts https anywhere and http on loopback only', () => {
    for (const url of [
      'https://acme.example.dev',
      'https://acme.test:8443/base/',
      'http://localhost:4010',
      'http://127.0.0.1:1/x',
      'http://[::1]:3000',
    ])
      expect(serviceUrlProblem(url)).toBeUndefined();
  });

  it('refuses every other scheme, relative and empty URLs, credentials', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)//https://x',
      'data:text/html,<script>alert(1)</script>',
      '//evil.test',
      '/embed',
      '',
      ' ',
      'http://evil.test',
      'http://localhost.evil.test',
      'ftp://acme.test',
      'blob:https://acme.test/x',
      'https://user:pass@acme.test',
      undefined,
      42,
      {},
    ])
      expect(serviceUrlProblem(url), String(url)).toMatch(/not an https URL/);
  });

  it('isDeploymentId: positive safe integers only', () => {
    expect([1, 42, 2 ** 53 - 1].every(isDeploymentId)).toBe(true);
    expect([0, -1, 1.5, NaN, '1', 2 ** 53, null].some(isDeploymentId)).toBe(false);
  });
});

import type { GetSession } from '../../src';

/**
 * Where the mock answers, on the page's own origin: the dev server's middleware (Storybook
 * dev, tests) or, in a static build, the mock's service worker (relative to the page there,
 * so the build works under any path).
 */
export const MOCK_BASE_URL = import.meta.env.PROD
  ? new URL('__mock', window.location.href).href
  : `${window.location.origin}/__mock`;

/**
 * A `getSession` against the mock. In an app, this request goes to the host's own backend,
 * which calls Generate Session with its API key; the mock's key is for demos and tests only.
 */
export function mockSession(body: Record<string, unknown>): GetSession {
  return async ({ signal }) => {
    const response = await fetch(`${MOCK_BASE_URL}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Api-Key mock-admin-key' },
      body: JSON.stringify({ deploymentId: 1, ...body }),
      signal,
    });
    const json = (await response.json()) as { sessionId?: string; error?: string };
    if (!response.ok || !json.sessionId)
      throw Object.assign(new Error(json.error ?? 'Generate Session failed'), { status: response.status });
    return json.sessionId;
  };
}

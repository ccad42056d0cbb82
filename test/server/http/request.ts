/** Requests and answers for the API tests: from the host's own page, signed in by a test cookie. */

export const ORIGIN = 'https://host.example';

/** A request from the host's own page, as `user` (`Cookie: user=…; groups=…`), with a JSON body. */
export function call(
  method: string,
  path: string,
  options: { user?: string; groups?: string[]; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', ...options.headers };
  if (options.user)
    headers.Cookie = `user=${encodeURIComponent(options.user)}; groups=${(options.groups ?? []).map(encodeURIComponent).join(',')}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

/** An answer read whole: status, text, its byte size and its JSON. */
export async function read(response: Response) {
  const text = await response.text();
  return {
    status: response.status,
    text,
    bytes: new TextEncoder().encode(text).byteLength,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

/** Options of {@link checkBrowserRequest}. */
export interface BrowserRequestOptions {
  /**
   * Origins besides the route's own allowed to call it from a browser (e.g. a separate
   * frontend, `https://app.example.com`). Default none: same-origin only.
   */
  allowedOrigins?: readonly string[];
  /**
   * Require `Content-Type: application/json` (else 415). Default true: a browser sends that
   * type cross-origin only after a CORS preflight, which a host that enables no CORS refuses.
   * A route that reads no body may set false and rely on the origin check alone.
   */
  requireJson?: boolean;
  /** Largest `Content-Length` accepted, in bytes (else 413). Default: no check. */
  maxBodyBytes?: number;
}

const refuse = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Cross-site request forgery and oversized-body protection for a route the host's own pages
 * call with the user's cookies (the chat proxy, a session route). Returns the refusal to send,
 * or null when the request may go on:
 *
 * - **403** when a browser says the request is cross-site: `Sec-Fetch-Site` other than
 *   `same-origin`, or (older browsers) an `Origin` whose host is not the request's, unless
 *   that origin is in `allowedOrigins`. A request with neither header is not from a browser's
 *   page (curl, a server), which cannot carry the user's cookies by itself: it goes on.
 * - **415** without `Content-Type: application/json` (unless `requireJson: false`): a form
 *   posted from another site (`text/plain`, `multipart/form-data`) never reaches the route.
 * - **413** when `Content-Length` exceeds `maxBodyBytes`.
 */
export function checkBrowserRequest(request: Request, options: BrowserRequestOptions = {}): Response | null {
  const headers = request.headers;
  const origin = headers.get('Origin');
  const site = headers.get('Sec-Fetch-Site');
  const allowed = origin !== null && (options.allowedOrigins ?? []).includes(origin);
  let sameOrigin = site === null || site === 'same-origin';
  if (site === null && origin !== null) {
    try {
      sameOrigin = new URL(origin).host === new URL(request.url).host;
    } catch {
      sameOrigin = false; // `Origin: null` (a sandboxed or opaque page)
    }
  }
  if (!sameOrigin && !allowed) return refuse(403, 'Cross-site request refused');
  const type = headers.get('Content-Type')?.split(';')[0]!.trim().toLowerCase();
  if (options.requireJson !== false && type !== 'application/json')
    return refuse(415, 'Content-Type must be application/json');
  const length = Number(headers.get('Content-Length') ?? 0);
  if (options.maxBodyBytes !== undefined && length > options.maxBodyBytes) return refuse(413, 'Request body too large');
  return null;
}

/**
 * The request's body as text, read chunk by chunk and abandoned (the stream cancelled) as
 * soon as it passes `maxBytes`: then undefined. A 1 GB body costs at most `maxBytes` of memory.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

import { ValidationError, type ValidationIssue } from '../protocol';

/** Options of {@link checkBrowserRequest}. */
export interface BrowserRequestOptions {
  /**
   * Origins besides the route's own allowed to call it from a browser (e.g. a separate
   * frontend, `https://app.example.com`). Default none: same-origin only. Each entry must be
   * an origin exactly as a browser sends it: `https://host[:port]`, `http:` only for a
   * loopback host (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`), lower case, no path, no wildcard
   * (see {@link checkAllowedOrigins}).
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

const LOOPBACK = /^(?:localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Why `entry` is not an origin a browser could send, or null when it is one. */
function originProblem(entry: unknown): string | null {
  if (typeof entry !== 'string') return 'must be a string';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `${JSON.stringify(entry)} is not an origin (https://host[:port])`;
  }
  // WHATWG URLs keep a `*` in a host: a host is letters, digits, dots and hyphens, or an IPv6.
  if (!/^(?:[a-z\d-]+(?:\.[a-z\d-]+)*|\[[\da-f:.]+\])$/.test(url.hostname))
    return `${JSON.stringify(entry)} is not an origin (no wildcards: list each origin)`;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    return `${JSON.stringify(entry)} must be https (http only for localhost, *.localhost, 127.x.x.x or [::1])`;
  // A browser's `Origin` header is exactly `url.origin`: an entry written otherwise (a path,
  // a trailing slash, upper case, a default port, a `*`) would never match.
  if (url.origin !== entry) return `${JSON.stringify(entry)} is not an origin: write it as "${url.origin}"`;
  return null;
}

const checked = new WeakSet<readonly string[]>();

/**
 * Throws a `ValidationError` (with one issue per bad entry, `allowedOrigins[i]`) unless every
 * entry is an origin as a browser sends it: `https://host[:port]`, or `http:` for a loopback
 * host, with no path, trailing slash, wildcard or upper case. `createChatProxy` calls it when
 * it is created; `checkBrowserRequest` on its first use of a list.
 */
export function checkAllowedOrigins(origins: readonly string[] | undefined): void {
  if (origins === undefined || checked.has(origins)) return;
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(origins)) issues.push({ path: 'allowedOrigins', message: 'must be an array of origins' });
  else
    origins.forEach((entry: unknown, i) => {
      const message = originProblem(entry);
      if (message) issues.push({ path: `allowedOrigins[${i}]`, message });
    });
  if (issues.length) throw new ValidationError(issues, 'allowedOrigins');
  checked.add(origins);
}

const refuse = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Cross-site request forgery and oversized-body protection for a route the host's own pages
 * call with the user's cookies (the chat proxy, a session route). Returns the refusal to send,
 * or null when the request may go on:
 *
 * - **403** when a browser says the request is cross-site: `Sec-Fetch-Site` other than
 *   `same-origin`, or (older browsers) an `Origin` whose scheme, host or port is not the
 *   request's URL's, unless that origin is in `allowedOrigins` (behind a proxy that ends TLS,
 *   the request's URL may say `http:`: list the public origin there). A request with neither header is not from a browser's
 *   page (curl, a server), which cannot carry the user's cookies by itself: it goes on.
 * - **415** without `Content-Type: application/json` (unless `requireJson: false`): a form
 *   posted from another site (`text/plain`, `multipart/form-data`) never reaches the route.
 * - **413** when `Content-Length` exceeds `maxBodyBytes`.
 *
 * Throws a `ValidationError` when `allowedOrigins` holds an entry that is not an origin
 * (see {@link checkAllowedOrigins}): a configuration error, not a refusal.
 */
export function checkBrowserRequest(request: Request, options: BrowserRequestOptions = {}): Response | null {
  checkAllowedOrigins(options.allowedOrigins);
  const headers = request.headers;
  const origin = headers.get('Origin');
  const site = headers.get('Sec-Fetch-Site');
  const allowed = origin !== null && (options.allowedOrigins ?? []).includes(origin);
  let sameOrigin = site === null || site === 'same-origin';
  if (site === null && origin !== null) {
    try {
      // Scheme, host and port: `http://host` posting to `https://host` is another origin.
      sameOrigin = new URL(origin).origin === new URL(request.url).origin;
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

/** A request body that stopped arriving before its deadline. */
export class BodyTimeoutError extends Error {
  override readonly name = 'BodyTimeoutError';
}

/**
 * The request's body as text, read chunk by chunk and abandoned (the stream cancelled) as
 * soon as it passes `maxBytes`: then undefined. A 1 GB body costs at most `maxBytes` of memory.
 * With `timeoutMs`, a body still arriving after that long is abandoned too: a
 * {@link BodyTimeoutError} (a client sending one byte a minute holds nothing for long).
 */
export async function readBodyText(
  request: Request,
  maxBytes: number,
  timeoutMs?: number,
): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired =
    timeoutMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new BodyTimeoutError(`The request body took over ${timeoutMs} ms`)),
            timeoutMs,
          );
        });
  try {
    for (;;) {
      const { done, value } = await (expired ? Promise.race([reader.read(), expired]) : reader.read());
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    if (error instanceof BodyTimeoutError) reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

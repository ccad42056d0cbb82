// What the host's proxies (the chat proxy, the data proxy) answer with: their own errors, and
// the upstream service's answers relayed with the secret scrubbed from anything echoed.
import { redact } from './errors';

/** A JSON error response, `{ error }`. */
export const jsonError = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });

/** A request body's JSON, or undefined when it is not JSON (the schema then says what is wrong). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How {@link relayUpstream} asks and answers. */
export interface RelayOptions {
  /** Named in the 502 when the service cannot be reached ("the chat service"). */
  service: string;
  /** Scrubbed from error bodies the service echoes (the key or the token it was sent). */
  secret: string;
  /** The relayed answer's `Cache-Control`. */
  cacheControl: string;
}

/**
 * Asks the upstream service and relays its answer: a success as it came (the body streamed,
 * its `Content-Type` kept), an error with `secret` scrubbed from its body (error bodies are
 * small: read whole). Unreachable is 502 naming the service; a browser that went away, 499.
 */
export async function relayUpstream(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit & { signal: AbortSignal },
  { service, secret, cacheControl }: RelayOptions,
): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await doFetch(url, init);
  } catch {
    if (init.signal.aborted) return jsonError(499, 'Client closed the request');
    return jsonError(502, `${service} could not be reached`);
  }
  const headers = {
    'Content-Type': upstream.headers.get('Content-Type') ?? 'application/json',
    'Cache-Control': cacheControl,
  };
  if (upstream.ok) return new Response(upstream.body, { status: upstream.status, headers });
  return new Response(redact(await upstream.text(), secret), { status: upstream.status, headers });
}

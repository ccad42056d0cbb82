import type { Schema } from '../protocol';

/** An error the mock answers as `{ error: message }` with `status`. */
export class MockHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The service's error body, `{ error }`. */
export function errorResponse(status: number, message: string): Response {
  return json({ error: message }, status);
}

/** The largest request body the mock reads (1 MiB; its requests are a few KB): past it, 413. */
export const MAX_BODY_BYTES = 1 << 20;

/** The 413 the mock answers past {@link MAX_BODY_BYTES}. */
export const bodyTooLarge = () => new MockHttpError(413, `Request body is over ${MAX_BODY_BYTES} bytes`);

/**
 * Reads and validates a JSON body: malformed JSON and wrong types are 400, a body over
 * {@link MAX_BODY_BYTES} is 413, never 500.
 */
export async function readBody<T>(request: Request, schema: Schema<T>, subject: string): Promise<T> {
  if (Number(request.headers.get('Content-Length')) > MAX_BODY_BYTES) throw bodyTooLarge();
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw new MockHttpError(400, 'Could not read the request body');
  }
  // Characters, not bytes: a bound all the same (each is at least one byte).
  if (text.length > MAX_BODY_BYTES) throw bodyTooLarge();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MockHttpError(400, 'Request body is not valid JSON');
  }
  const result = schema.safeParse(value, subject);
  if (!result.success) throw new MockHttpError(400, result.error.message);
  return result.data;
}

/** The API key from `Authorization: Api-Key <key>`, or undefined. */
export function apiKeyOf(request: Request): string | undefined {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Waits `ms`, or less if `signal` aborts; leaves no listener behind either way. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

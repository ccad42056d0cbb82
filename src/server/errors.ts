import type { RuleViolation, ValidationIssue } from '../protocol';

/** A request the client refused to send: it breaks the spec's rules or the shape of the body. */
export class EmbedRequestError extends Error {
  override readonly name = 'EmbedRequestError';
  constructor(
    message: string,
    /** The spec rules the request breaks. */
    readonly violations: readonly RuleViolation[] = [],
    /** Shape problems, with paths. */
    readonly issues: readonly ValidationIssue[] = [],
  ) {
    super(message);
  }
}

/** The service answered with an error status (or an unusable body). */
export class EmbedApiError extends Error {
  override readonly name = 'EmbedApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** The parsed error body, when there was one. */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Removes every occurrence of `secret` from a text (errors must never carry the API key). */
export function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

/** A JSON value with `secret` removed from every string in it. */
export function redactJson<T>(value: T, secret: string): T {
  if (value === undefined || !secret) return value;
  const text = JSON.stringify(value);
  return text.includes(secret) ? (JSON.parse(redact(text, secret)) as T) : value;
}

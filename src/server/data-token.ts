import { SignJWT } from 'jose';
import { DataTokenIdentitySchema, ValidationError, type DataTokenIdentity, type ValidationIssue } from '../protocol';

/** Default of {@link DataTokenOptions.expiresInSeconds}: 15 minutes. */
export const DEFAULT_DATA_TOKEN_SECONDS = 15 * 60;
/** The longest a data token may live: 24 hours. */
export const MAX_DATA_TOKEN_SECONDS = 24 * 3600;
/** The shortest API secret accepted, in characters: 32 (256 bits, HS256's key size). */
export const MIN_API_SECRET_LENGTH = 32;

/** Options of {@link createDataToken}. */
export interface DataTokenOptions {
  /**
   * The deployment's API secret (its data API verifies tokens with it). Server only: never
   * logged, never in an error message. At least 32 characters, no surrounding whitespace.
   */
  apiSecret: string;
  /**
   * Who the token is for: the same identity the host gives Generate Session (exactly one of
   * `externalId` and `internalId`; `groups`, `userAttributes`, `securityContext`), so the
   * rows are the same as on the user's dashboards and in their chat.
   */
  user: DataTokenIdentity;
  /** Lifetime in whole seconds: default 900 (15 min), at most 86 400 (24 h). */
  expiresInSeconds?: number;
  /** Clock, in ms since the epoch (tests). Default `Date.now`. */
  now?: () => number;
}

/** A signed data token and when it stops working. */
export interface DataToken {
  /** The JWT: send it as `Authorization: <token>` to `{deploymentUrl}/cubejs-api/v1`. */
  token: string;
  /** Expiry, in ms since the epoch: renew a little before it. */
  expiresAt: number;
}

function problems(options: DataTokenOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { apiSecret, user, expiresInSeconds } = options ?? ({} as DataTokenOptions);
  // The secret's value never appears in a message: only what is wrong with it.
  if (typeof apiSecret !== 'string') issues.push({ path: 'apiSecret', message: 'must be a string' });
  else if (apiSecret.length < MIN_API_SECRET_LENGTH)
    issues.push({ path: 'apiSecret', message: `must be at least ${MIN_API_SECRET_LENGTH} characters` });
  else if (apiSecret.trim() !== apiSecret)
    issues.push({ path: 'apiSecret', message: 'has leading or trailing whitespace (a copy-paste error?)' });
  const shape = DataTokenIdentitySchema.safeParse(user, 'user');
  if (!shape.success)
    issues.push(...shape.error.issues.map((i) => ({ ...i, path: i.path ? `user.${i.path}` : 'user' })));
  else if ((user.externalId === undefined) === (user.internalId === undefined))
    issues.push({ path: 'user', message: 'needs exactly one of externalId or internalId' });
  else if ((user.externalId ?? user.internalId)!.trim() === '')
    issues.push({ path: 'user', message: 'externalId or internalId must not be empty' });
  if (
    expiresInSeconds !== undefined &&
    !(Number.isInteger(expiresInSeconds) && expiresInSeconds >= 1 && expiresInSeconds <= MAX_DATA_TOKEN_SECONDS)
  )
    issues.push({ path: 'expiresInSeconds', message: `must be a whole number from 1 to ${MAX_DATA_TOKEN_SECONDS}` });
  return issues;
}

/**
 * Signs a data token (an HS256 JWT, with `jose`) for the semantic layer's REST API: its
 * payload is the user's identity, which the data API applies row-level security from. For
 * hosts that sign tokens themselves (the headless path) instead of letting the library
 * exchange the provider's session; mount it behind a route that checks the user is signed
 * in and the request is same-origin. Bad options throw a `ValidationError` that never holds
 * the secret.
 */
export async function createDataToken(options: DataTokenOptions): Promise<DataToken> {
  const issues = problems(options);
  if (issues.length > 0) throw new ValidationError(issues, 'createDataToken options');
  const seconds = options.expiresInSeconds ?? DEFAULT_DATA_TOKEN_SECONDS;
  const issuedAt = Math.floor((options.now ?? Date.now)() / 1000);
  const { externalId, internalId, email, groups, userAttributes, securityContext } = options.user;
  // Only the identity's own fields: nothing else of the host's user object rides along.
  const payload: DataTokenIdentity = {};
  if (externalId !== undefined) payload.externalId = externalId;
  if (internalId !== undefined) payload.internalId = internalId;
  if (email !== undefined) payload.email = email;
  if (groups !== undefined) payload.groups = groups;
  if (userAttributes !== undefined) payload.userAttributes = userAttributes;
  if (securityContext !== undefined) payload.securityContext = securityContext;
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(new TextEncoder().encode(options.apiSecret));
  return { token, expiresAt: (issuedAt + seconds) * 1000 };
}

// The session path: a single-use sessionId → an embed token → the deployment's data API URL
// and a data token carrying the session's identity (the platform's own embed client's calls).
import { SignJWT } from 'jose';
import type { DataTokenIdentity, UserAttributeValue } from '../protocol';
import { secretKey } from './data-api/auth';
import { exchangeSession } from './embed-page';
import { MockHttpError } from './http';
import type { AccountState, EmbedTokenRecord, MockState } from './state';

/** How long an embed token lives (the real service: about 23 of a session's 24 hours). */
export const EMBED_TOKEN_LIFETIME_MS = 23 * 3600 * 1000;
/** How long a data token from `POST /api/v1/deployments/{id}/token` lives. */
export const DATA_TOKEN_LIFETIME_SECONDS = 15 * 60;

/**
 * `POST /api/v1/embed/session/token {sessionId}`: the session is the credential, used once.
 * `account` is set when the request carried an API key (the platform's Node client sends
 * one); the session must then belong to that key's account.
 */
export function exchangeForEmbedToken(state: MockState, sessionId: string, account?: AccountState): string {
  const session = state.sessions.get(sessionId);
  if (account && session && session.account !== account.fixture.name) throw new MockHttpError(401, 'Invalid session');
  const exchanged = exchangeSession(state, sessionId);
  if (typeof exchanged === 'string') throw new MockHttpError(401, exchanged);
  const token = state.token('embt');
  state.embedTokens.set(token, { token, session: exchanged, expiresAt: state.now() + EMBED_TOKEN_LIFETIME_MS });
  return token;
}

/**
 * The embed token of `Authorization: <scheme> <token>` (`Embed-Token` for the deployment
 * routes, `Bearer` for the Chat API): 401 when it is missing, made up, revoked or expired.
 */
export function embedTokenOf(state: MockState, request: Request, scheme: 'Embed-Token' | 'Bearer'): EmbedTokenRecord {
  const header = request.headers.get('Authorization') ?? '';
  const match = new RegExp(`^${scheme}\\s+(\\S+)\\s*$`, 'i').exec(header);
  if (!match) throw new MockHttpError(401, `Authorization: ${scheme} <token> is required`);
  const record = state.embedTokens.get(match[1]!);
  if (!record || record.session.revoked) throw new MockHttpError(401, 'Invalid embed token');
  if (record.expiresAt <= state.now()) {
    state.embedTokens.delete(record.token);
    throw new MockHttpError(401, 'The embed token expired');
  }
  return record;
}

/** The identity the session was minted for, as a data token carries it. */
export function sessionIdentity(state: MockState, record: EmbedTokenRecord): DataTokenIdentity {
  const account = state.account(record.session.account);
  const user = account.users.get(record.session.userKey);
  if (!user) throw new MockHttpError(401, 'The user of this session no longer exists');
  const identity: DataTokenIdentity = user.kind === 'internal' ? { internalId: user.id } : { externalId: user.id };
  if (user.email !== undefined) identity.email = user.email;
  const groups = new Set<string>();
  for (const names of user.groups.values()) for (const name of names) groups.add(name);
  if (groups.size > 0) identity.groups = [...groups];
  const attributes = new Map<string, UserAttributeValue['value']>();
  for (const values of user.attributes.values()) for (const [name, value] of values) attributes.set(name, value);
  if (attributes.size > 0) identity.userAttributes = [...attributes].map(([name, value]) => ({ name, value }));
  if (user.securityContext !== undefined) identity.securityContext = user.securityContext;
  return identity;
}

/** A data token (HS256 JWT) for `identity`, signed with the data API's secret. */
export function signDataToken(identity: DataTokenIdentity, secret: string, now: number, lifetimeSeconds: number) {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ ...identity })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(secretKey(secret));
}

// Data tokens for the mock's data API tests, signed with jose as a host's server would.
import { SignJWT } from 'jose';
import { MOCK_DATA_API_SECRET } from '../../../src/mock';
import type { DataTokenIdentity } from '../../../src/protocol';

/** Erin: group `executives`, no region rule, every region. */
export const ERIN: DataTokenIdentity = { externalId: 'demo-erin', groups: ['executives'] };
/** Elias: attribute region = Europe. */
export const ELIAS: DataTokenIdentity = {
  externalId: 'demo-elias',
  userAttributes: [{ name: 'region', value: ['Europe'] }],
};

/** An HS256 token for `identity`, valid for an hour unless said otherwise. */
export function dataToken(
  identity: DataTokenIdentity,
  options: { secret?: string; expiresAt?: number; alg?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...identity })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? MOCK_DATA_API_SECRET));
}

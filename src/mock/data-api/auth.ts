// The data API's authentication: an HS256 JWT whose payload is the security context.
import { jwtVerify } from 'jose';
import { DataTokenPayloadSchema, type DataTokenPayload } from '../../protocol';
import { MockHttpError } from '../http';

/**
 * The secret the mock's data API verifies tokens with (HS256), and signs the session path's
 * data tokens with: give it to `createDataToken({ apiSecret })` against the mock. A mock
 * value, public by design: never a real secret.
 */
export const MOCK_DATA_API_SECRET = 'mock-data-api-secret-not-for-production-0000';

const keys = new Map<string, Uint8Array>();
/** The secret as a key, encoded once. */
export function secretKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
}

/**
 * The token of `Authorization: <token>` or `Authorization: Bearer <token>`, verified as the
 * server verifies it (HMAC with the secret: HS256, HS384 or HS512): 403 `{ error }` with none
 * ("Authorization header isn't set") and with a bad signature, an expired token or any other
 * algorithm ("Invalid token": the server does not say which).
 */
export async function verifyDataToken(request: Request, secret: string, now: number): Promise<DataTokenPayload> {
  const header = request.headers.get('Authorization')?.trim();
  if (!header) throw new MockHttpError(403, "Authorization header isn't set");
  const token = header.replace(/^Bearer\s+/i, '');
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ['HS256', 'HS384', 'HS512'],
      currentDate: new Date(now),
    }));
  } catch {
    throw new MockHttpError(403, 'Invalid token');
  }
  const parsed = DataTokenPayloadSchema.safeParse(payload, 'token payload');
  if (!parsed.success) throw new MockHttpError(403, `Invalid token: ${parsed.error.message}`);
  return parsed.data;
}

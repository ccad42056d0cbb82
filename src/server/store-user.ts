// Who a conversation or feedback store call is for: the host's user, decided by the host.
import { isStorableText } from '../protocol/board/checks';
import { StoreError } from '../protocol/store-error';

/** The user a store call is for (a `BoardUser` is one too): the host's stable id of them. */
export interface StoreUser {
  id: string;
}

/** The user's id, or a TypeError: a host bug, not a user's mistake. */
export function userIdOf(user: StoreUser): string {
  const id = (user as StoreUser | null | undefined)?.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200 || !isStorableText(id))
    throw new TypeError('A store needs a user with an id (1-200 characters, no NUL)');
  return id;
}

/**
 * An `invalid` error naming the first of `fields` that a database text cannot hold (NUL, a
 * lone surrogate), or undefined. Strings in arrays are looked at one by one.
 */
export function unstorable(record: Record<string, unknown>, fields: readonly string[]): StoreError | undefined {
  for (const field of fields) {
    const value = record[field];
    const values = Array.isArray(value) ? value : [value];
    const at = values.findIndex((x) => typeof x === 'string' && !isStorableText(x));
    if (at !== -1) {
      const path = Array.isArray(value) ? `${field}[${at}]` : field;
      const message = 'must not hold NUL or unpaired surrogates';
      return new StoreError('invalid', `Invalid ${path}: ${message}`, { issues: [{ path, message }] });
    }
  }
  return undefined;
}

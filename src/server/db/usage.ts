// Per-user counts (`ek_usage`) that make a store's "at most N per user" exact under
// concurrent requests: a create takes a slot in the same statement as its insert (the count's
// row is locked meanwhile, and rechecked once the lock is had), a delete gives it back in the
// same statement as its delete. A count that drifted (rows written by an older version) is
// set again from the rows when a create is refused, and the create tried once more.
import type { StoreRows } from './store-query';

/** The kinds of rows counted. */
export type UsageKind = 'boards' | 'ratings';

/**
 * A CTE named `slot` taking one of the user's slots of `kind`: one row when taken, none when
 * the user has `max` already. `user`, `kind` and `max` are the statement's parameter numbers;
 * with `when` (a CTE's name), only when that CTE has a row.
 */
export const takeSlot = (user: number, kind: number, max: number, when?: string) => `slot AS (
  INSERT INTO ek_usage (user_id, kind, used) ${when ? `SELECT $${user}, $${kind}, 1 FROM ${when}` : `VALUES ($${user}, $${kind}, 1)`}
  ON CONFLICT (user_id, kind) DO UPDATE SET used = ek_usage.used + 1 WHERE ek_usage.used < $${max}::integer
  RETURNING used)`;

/** A CTE named `freed` giving one slot back when the CTE `gone` removed a row. */
export const freeSlot = (user: number, kind: number) => `freed AS (
  UPDATE ek_usage SET used = greatest(used - 1, 0)
  WHERE user_id = $${user} AND kind = $${kind} AND EXISTS (SELECT 1 FROM gone) RETURNING used)`;

/**
 * Sets the user's count of `kind` from the rows (`countSql`: `SELECT count(*) … WHERE … = $1`),
 * true when it changed (then a refused create may be tried again).
 */
export async function recount(
  query: (text: string, params: unknown[]) => Promise<StoreRows>,
  user: string,
  kind: UsageKind,
  countSql: string,
): Promise<boolean> {
  const rows = await query(
    `WITH actual AS (${countSql})
     UPDATE ek_usage SET used = (SELECT count::integer FROM actual)
     WHERE user_id = $1 AND kind = $2 AND used <> (SELECT count::integer FROM actual) RETURNING used`,
    [user, kind],
  );
  return rows.length > 0;
}

-- Boards, one row each: the owner (the host's user id), the groups it is shared with, the
-- definition as JSON text (kept exactly as saved: json, not jsonb, so nothing is reordered
-- or dropped) and its revision for optimistic concurrency. Every statement is idempotent, so
-- two servers migrating at once, or a migration cut off halfway, simply run it again.
CREATE TABLE IF NOT EXISTS ek_boards (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  title text NOT NULL,
  definition json NOT NULL,
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  shared_with text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A user's boards, most recently updated first.
CREATE INDEX IF NOT EXISTS ek_boards_owner ON ek_boards (owner_id, updated_at DESC);

-- Boards shared with any of a user's groups (`shared_with && $groups`). Without fastupdate:
-- new entries otherwise wait in a pending list that every search reads through until a vacuum
-- merges it, and PGlite runs no autovacuum (on 10,000 boards a listing cost 1.9 ms of CPU, not 1.2).
CREATE INDEX IF NOT EXISTS ek_boards_shared ON ek_boards USING gin (shared_with) WITH (fastupdate = off);

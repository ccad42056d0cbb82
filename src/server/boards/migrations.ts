// Generated from migrations/*.sql by test/server/boards/generate-migrations.ts: edit the .sql files.
import type { SqlMigration } from './sql-client';

/** The board store's migrations, in order: each file of `migrations/` as written. */
export const BOARD_MIGRATIONS: readonly SqlMigration[] = [
  {
    name: '001_boards',
    sql: "-- Boards, one row each: the owner (the host's user id), the groups it is shared with, the\n-- definition as JSON text (kept exactly as saved: json, not jsonb, so nothing is reordered\n-- or dropped) and its revision for optimistic concurrency. Every statement is idempotent, so\n-- two servers migrating at once, or a migration cut off halfway, simply run it again.\nCREATE TABLE IF NOT EXISTS ek_boards (\n  id text PRIMARY KEY,\n  owner_id text NOT NULL,\n  title text NOT NULL,\n  definition json NOT NULL,\n  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),\n  shared_with text[] NOT NULL DEFAULT '{}',\n  created_at timestamptz NOT NULL DEFAULT now(),\n  updated_at timestamptz NOT NULL DEFAULT now()\n);\n\n-- A user's boards, most recently updated first.\nCREATE INDEX IF NOT EXISTS ek_boards_owner ON ek_boards (owner_id, updated_at DESC);\n\n-- Boards shared with any of a user's groups (`shared_with && $groups`). Without fastupdate:\n-- new entries otherwise wait in a pending list that every search reads through until a vacuum\n-- merges it, and PGlite runs no autovacuum (on 10,000 boards a listing cost 1.9 ms of CPU, not 1.2).\nCREATE INDEX IF NOT EXISTS ek_boards_shared ON ek_boards USING gin (shared_with) WITH (fastupdate = off);\n",
  },
];

// Generated from migrations/*.sql by test/server/db/generate-migrations.ts: edit the .sql files.
import type { SqlMigration } from './sql-client';

/**
 * The tables of every store the library has (boards, conversations, feedback, and the per-user
 * counts their limits keep), in order: each file of `migrations/` as written. The stores run
 * them before their first query; run them with your own tool instead (`runMigrations`) and
 * pass `migrate: false`.
 */
export const SERVER_MIGRATIONS: readonly SqlMigration[] = [
  {
    name: '001_boards',
    sql: "-- Boards, one row each: the owner (the host's user id), the groups it is shared with, the\n-- definition as JSON text (kept exactly as saved: json, not jsonb, so nothing is reordered\n-- or dropped) and its revision for optimistic concurrency. Every statement is idempotent, so\n-- two servers migrating at once, or a migration cut off halfway, simply run it again.\nCREATE TABLE IF NOT EXISTS ek_boards (\n  id text PRIMARY KEY,\n  owner_id text NOT NULL,\n  title text NOT NULL,\n  definition json NOT NULL,\n  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),\n  shared_with text[] NOT NULL DEFAULT '{}',\n  created_at timestamptz NOT NULL DEFAULT now(),\n  updated_at timestamptz NOT NULL DEFAULT now()\n);\n\n-- A user's boards, most recently updated first.\nCREATE INDEX IF NOT EXISTS ek_boards_owner ON ek_boards (owner_id, updated_at DESC);\n\n-- Boards shared with any of a user's groups (`shared_with && $groups`). Without fastupdate:\n-- new entries otherwise wait in a pending list that every search reads through until a vacuum\n-- merges it, and PGlite runs no autovacuum (on 10,000 boards a listing cost 1.9 ms of CPU, not 1.2).\nCREATE INDEX IF NOT EXISTS ek_boards_shared ON ek_boards USING gin (shared_with) WITH (fastupdate = off);\n",
  },
  {
    name: '002_threads',
    sql: "-- The chat's conversation list, per user: the service keeps the threads themselves but has no\n-- list of them. One row per (user, thread); times are ms since the epoch, as the chat sends\n-- them. A user keeps at most the store's `threadsPerUser` (the least recently asked go first).\nCREATE TABLE IF NOT EXISTS ek_threads (\n  user_id text NOT NULL,\n  chat_id text NOT NULL,\n  title text NOT NULL,\n  created_at bigint NOT NULL,\n  updated_at bigint NOT NULL,\n  PRIMARY KEY (user_id, chat_id)\n);\n\n-- A user's list, most recently asked first: its pages, and the least recent found to make room.\nCREATE INDEX IF NOT EXISTS ek_threads_recent ON ek_threads (user_id, updated_at DESC, chat_id);\n",
  },
  {
    name: '003_feedback',
    sql: "-- Ratings of the chat's answers, one per user and answer (the latest replaces the one before),\n-- with the question, the answer and its SQL as the user saw them, for whoever reviews them.\nCREATE TABLE IF NOT EXISTS ek_feedback (\n  user_id text NOT NULL,\n  chat_id text NOT NULL,\n  message_id text NOT NULL,\n  rating text NOT NULL CHECK (rating IN ('up', 'down')),\n  reason text,\n  comment text,\n  question text NOT NULL,\n  answer text NOT NULL,\n  sql json NOT NULL,\n  created_at timestamptz NOT NULL DEFAULT now(),\n  updated_at timestamptz NOT NULL DEFAULT now(),\n  PRIMARY KEY (user_id, chat_id, message_id)\n);\n\n-- Everyone's ratings, newest first: what a review reads.\nCREATE INDEX IF NOT EXISTS ek_feedback_recent ON ek_feedback (updated_at DESC);\n",
  },
  {
    name: '004_usage',
    sql: "-- How many boards and ratings each user holds, changed in the same statement as every create\n-- and delete: the row is locked while a create checks it, so a per-user limit holds exactly\n-- when one user's requests come all at once.\nCREATE TABLE IF NOT EXISTS ek_usage (\n  user_id text NOT NULL,\n  kind text NOT NULL,\n  used integer NOT NULL CHECK (used >= 0),\n  PRIMARY KEY (user_id, kind)\n);\n\n-- The boards made before the count was kept.\nINSERT INTO ek_usage (user_id, kind, used)\nSELECT owner_id, 'boards', count(*) FROM ek_boards GROUP BY owner_id\nON CONFLICT (user_id, kind) DO NOTHING;\n",
  },
  {
    name: '005_board_sharing',
    sql: "-- Boards a team shares. A grant gives a user, or a group of the host's, a role on a board:\n-- `view` opens it, `edit` saves it too (its owner does everything). Grants go with their board.\nCREATE TABLE IF NOT EXISTS ek_board_grants (\n  board_id text NOT NULL REFERENCES ek_boards (id) ON DELETE CASCADE,\n  principal_type text NOT NULL CHECK (principal_type IN ('user', 'group')),\n  principal_id text NOT NULL,\n  role text NOT NULL CHECK (role IN ('view', 'edit')),\n  PRIMARY KEY (board_id, principal_type, principal_id)\n);\n\n-- The boards shared with a user or any of their groups: what a list and every access check read.\nCREATE INDEX IF NOT EXISTS ek_board_grants_principal ON ek_board_grants (principal_type, principal_id, board_id);\n\n-- The groups boards were shared with before roles: each a grant to view. (`shared_with` is no\n-- longer written: an older server still reading it sees the sharing as it was.)\nINSERT INTO ek_board_grants (board_id, principal_type, principal_id, role)\nSELECT id, 'group', unnest(shared_with), 'view' FROM ek_boards\nON CONFLICT (board_id, principal_type, principal_id) DO NOTHING;\n\n-- The definitions of a board's recent revisions (a few, the store's `revisionsKept`): a save\n-- made from one of them is merged per widget with the saves since, instead of refused.\nCREATE TABLE IF NOT EXISTS ek_board_revisions (\n  board_id text NOT NULL REFERENCES ek_boards (id) ON DELETE CASCADE,\n  revision integer NOT NULL,\n  definition json NOT NULL,\n  PRIMARY KEY (board_id, revision)\n);\n\n-- Who saved the current revision, and when a board was deleted (restorable until it is purged).\nALTER TABLE ek_boards ADD COLUMN IF NOT EXISTS updated_by text;\nALTER TABLE ek_boards ADD COLUMN IF NOT EXISTS deleted_at timestamptz;\n\n-- An owner's deleted boards, oldest first: what a delete purges past the store's bounds.\nCREATE INDEX IF NOT EXISTS ek_boards_deleted ON ek_boards (owner_id, deleted_at) WHERE deleted_at IS NOT NULL;\n",
  },
];

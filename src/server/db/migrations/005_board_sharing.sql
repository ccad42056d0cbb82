-- Boards a team shares. A grant gives a user, or a group of the host's, a role on a board:
-- `view` opens it, `edit` saves it too (its owner does everything). Grants go with their board.
CREATE TABLE IF NOT EXISTS ek_board_grants (
  board_id text NOT NULL REFERENCES ek_boards (id) ON DELETE CASCADE,
  principal_type text NOT NULL CHECK (principal_type IN ('user', 'group')),
  principal_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('view', 'edit')),
  PRIMARY KEY (board_id, principal_type, principal_id)
);

-- The boards shared with a user or any of their groups: what a list and every access check read.
CREATE INDEX IF NOT EXISTS ek_board_grants_principal ON ek_board_grants (principal_type, principal_id, board_id);

-- The groups boards were shared with before roles: each a grant to view. (`shared_with` is no
-- longer written: an older server still reading it sees the sharing as it was.)
INSERT INTO ek_board_grants (board_id, principal_type, principal_id, role)
SELECT id, 'group', unnest(shared_with), 'view' FROM ek_boards
ON CONFLICT (board_id, principal_type, principal_id) DO NOTHING;

-- The definitions of a board's recent revisions (a few, the store's `revisionsKept`): a save
-- made from one of them is merged per widget with the saves since, instead of refused.
CREATE TABLE IF NOT EXISTS ek_board_revisions (
  board_id text NOT NULL REFERENCES ek_boards (id) ON DELETE CASCADE,
  revision integer NOT NULL,
  definition json NOT NULL,
  PRIMARY KEY (board_id, revision)
);

-- Who saved the current revision, and when a board was deleted (restorable until it is purged).
ALTER TABLE ek_boards ADD COLUMN IF NOT EXISTS updated_by text;
ALTER TABLE ek_boards ADD COLUMN IF NOT EXISTS deleted_at timestamptz;

-- An owner's deleted boards, oldest first: what a delete purges past the store's bounds.
CREATE INDEX IF NOT EXISTS ek_boards_deleted ON ek_boards (owner_id, deleted_at) WHERE deleted_at IS NOT NULL;

-- How many boards and ratings each user holds, changed in the same statement as every create
-- and delete: the row is locked while a create checks it, so a per-user limit holds exactly
-- when one user's requests come all at once.
CREATE TABLE IF NOT EXISTS ek_usage (
  user_id text NOT NULL,
  kind text NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, kind)
);

-- The boards made before the count was kept.
INSERT INTO ek_usage (user_id, kind, used)
SELECT owner_id, 'boards', count(*) FROM ek_boards GROUP BY owner_id
ON CONFLICT (user_id, kind) DO NOTHING;

-- The chat's conversation list, per user: the service keeps the threads themselves but has no
-- list of them. One row per (user, thread); times are ms since the epoch, as the chat sends
-- them. A user keeps at most the store's `threadsPerUser` (the least recently asked go first).
CREATE TABLE IF NOT EXISTS ek_threads (
  user_id text NOT NULL,
  chat_id text NOT NULL,
  title text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, chat_id)
);

-- A user's list, most recently asked first: its pages, and the least recent found to make room.
CREATE INDEX IF NOT EXISTS ek_threads_recent ON ek_threads (user_id, updated_at DESC, chat_id);

-- The chat's ratings, one per answer and user: the latest replaces the one before (an upsert).
CREATE TABLE IF NOT EXISTS example_feedback (
  user_id text NOT NULL,
  chat_id text NOT NULL,
  message_id text NOT NULL,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  reason text,
  comment text,
  question text NOT NULL,
  answer text NOT NULL,
  sql jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, chat_id, message_id)
);

-- Ratings of the chat's answers, one per user and answer (the latest replaces the one before),
-- with the question, the answer and its SQL as the user saw them, for whoever reviews them.
CREATE TABLE IF NOT EXISTS ek_feedback (
  user_id text NOT NULL,
  chat_id text NOT NULL,
  message_id text NOT NULL,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  reason text,
  comment text,
  question text NOT NULL,
  answer text NOT NULL,
  sql json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, chat_id, message_id)
);

-- Everyone's ratings, newest first: what a review reads.
CREATE INDEX IF NOT EXISTS ek_feedback_recent ON ek_feedback (updated_at DESC);

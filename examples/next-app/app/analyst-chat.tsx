'use client';
// `onFeedback` is a function, and functions cannot cross from a server component to a client
// one: this client component posts each rating to the backend and renders the chat with the
// page's plain props.
import { AgentChat, type AgentChatProps, type ChatFeedback } from 'react-embedded-analytics';

/** Stores a rating with the conversation on the backend (`POST /api/feedback`, an upsert by answer). */
async function sendFeedback({ chatId, messageId, question, answer, sql, rating, reason, comment }: ChatFeedback) {
  const response = await fetch('/api/feedback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ chatId, messageId, question, answer, sql, rating, reason, comment }),
  });
  // A failure reaches the chat's `onError`; the rating still shows.
  if (!response.ok) throw new Error(`feedback route: ${response.status}`);
}

export function AnalystChat(props: Omit<AgentChatProps, 'onFeedback'>) {
  return <AgentChat {...props} onFeedback={sendFeedback} />;
}

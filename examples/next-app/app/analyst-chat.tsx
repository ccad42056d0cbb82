'use client';
// `onFeedback`, the conversation list's store and "Pin to board" are functions, and functions
// cannot cross from a server component to a client one: this client component makes them and
// renders the chat with the page's plain props.
import { useMemo } from 'react';
import { AgentChat, ThreadList, useThreadList, type AgentChatProps, type ChatFeedback } from 'react-embedded-analytics';
import { createBoardApiClient, pinResultAction } from 'react-embedded-analytics/boards';
import { serverThreadStore } from './thread-store';

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

// The API knows the user from the cookie; the `user` passed to it only says whose the board is.
const boards = createBoardApiClient({ url: '/api/boards' });

/** Who is signed in (their boards are where "Pin to board…" offers to pin). */
export interface ChatAccount {
  userId: string;
}

/** A board's page: the note after a pin links there. */
const boardHref = (id: string) => `/board?id=${encodeURIComponent(id)}`;

type ChatProps = Omit<AgentChatProps, 'onFeedback' | 'resultActions' | 'chatId' | 'onChatIdChange' | 'onQuestion'>;

/** The chat; signed in (`account`), with the user's conversation list and "Pin to board". */
export function AnalystChat({ account, ...props }: ChatProps & { account?: ChatAccount }) {
  return account ? <SignedInChat account={account} {...props} /> : <AgentChat {...props} onFeedback={sendFeedback} />;
}

function SignedInChat({ account, ...props }: ChatProps & { account: ChatAccount }) {
  // The list lives on the backend (/api/threads), one per user; its failures are logged and it is read again.
  const threads = useThreadList({ store: serverThreadStore, onError: (error) => console.warn(error) });
  const { userId } = account;
  // Every SQL result's Export menu gets "Pin to board…": a dialog lists the user's boards (or
  // makes a new one), the answer joins the board chosen (a save another tab made first is read
  // again, never overwritten), and the note that follows links to it, where it runs live.
  const pin = useMemo(() => pinResultAction({ store: boards, user: { id: userId }, boardHref }), [userId]);
  return (
    <div className="analyst-chat">
      <details className="analyst-chat__threads" open>
        <summary>Conversations</summary>
        <ThreadList list={threads} />
      </details>
      <AgentChat {...props} {...threads.chatProps} onFeedback={sendFeedback} resultActions={pin} />
    </div>
  );
}

// The chat's conversation list kept on the backend (lib/threads.ts) instead of this browser's
// localStorage: the list follows the user to another browser and survives clearing it. The
// server knows the user from the cookie; whatever it answers is validated again by the list.
import type { ThreadRecord, ThreadStore } from 'react-embedded-analytics';

const URL_ = '/api/threads';

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${URL_}${path}`, { ...init, cache: 'no-store' });
  // A failure reaches the list's `onError`, and the list is read again.
  if (!response.ok) throw new Error(`conversation list: ${response.status}`);
  return response;
}

/** A `ThreadStore` over `/api/threads`, read again when the tab comes back into view (another tab or device may have changed it). */
export const serverThreadStore: ThreadStore = {
  // Not trusted as typed: the list checks each record and drops what does not fit.
  list: async () => ((await (await call('')).json()) as { threads: ThreadRecord[] }).threads,
  save: async ({ chatId, title, createdAt, updatedAt }) => {
    await call(`/${encodeURIComponent(chatId)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, createdAt, updatedAt }),
    });
  },
  remove: async (chatId) => {
    await call(`/${encodeURIComponent(chatId)}`, { method: 'DELETE' });
  },
  subscribe: (onChange) => {
    const onVisible = () => document.visibilityState === 'visible' && onChange();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  },
};

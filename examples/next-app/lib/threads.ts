// The chat's conversation list, kept per user in the example's database (the service keeps the
// threads but has no list of them): the library's store and API, for the browser's
// `ThreadStore` (app/thread-store.ts).
import { createSqlThreadStore, createThreadApi } from 'react-embedded-analytics/server';
import { currentUser } from './backend';
import { db } from './db';

/** GET /api/threads, PUT and DELETE /api/threads/{chatId}, as the signed-in user (app/api/threads/[[...chatId]]/route.ts). */
export const threadsRoute = createThreadApi({
  store: createSqlThreadStore({ client: db }),
  getUser: (request) => currentUser(request.headers),
  onError: (error) => console.error('conversation API:', error),
});

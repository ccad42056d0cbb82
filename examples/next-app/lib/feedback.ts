// The chat's ratings of answers, kept by user, thread and answer in the example's database: the
// library's store and API, for the chat's `onFeedback` (app/analyst-chat.tsx).
import { createFeedbackApi, createSqlFeedbackStore } from 'react-embedded-analytics/server';
import { currentUser } from './backend';
import { db } from './db';

/** POST /api/feedback (a rating) and GET /api/feedback?chatId=… (the user's in a thread): app/api/feedback/route.ts. */
export const feedbackRoute = createFeedbackApi({
  store: createSqlFeedbackStore({ client: db }),
  getUser: (request) => currentUser(request.headers),
  onError: (error) => console.error('feedback API:', error),
});

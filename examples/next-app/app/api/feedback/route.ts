import { feedbackRoute } from '../../../lib/feedback';

/** POST /api/feedback: the signed-in user's rating of an answer; GET /api/feedback?chatId=…: theirs in a thread. */
export { feedbackRoute as POST, feedbackRoute as GET };

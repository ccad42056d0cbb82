import { feedbackListRoute, feedbackRoute } from '../../../lib/feedback';

/** POST /api/feedback: the signed-in user's rating of an answer. */
export const POST = feedbackRoute;
/** GET /api/feedback?chatId=…: the user's ratings in a thread. */
export const GET = feedbackListRoute;

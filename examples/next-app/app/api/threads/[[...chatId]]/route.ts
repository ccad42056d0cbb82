import { threadsRoute } from '../../../../lib/threads';

/** The conversation list: GET /api/threads, PUT/DELETE /api/threads/{chatId}, as the signed-in user. */
export { threadsRoute as GET, threadsRoute as PUT, threadsRoute as DELETE };

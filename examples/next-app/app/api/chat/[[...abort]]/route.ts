import { chatRoute } from '../../../../lib/backend';

/** POST /api/chat and /api/chat/abort: the chat proxy (it holds the API key). */
export const POST = chatRoute;

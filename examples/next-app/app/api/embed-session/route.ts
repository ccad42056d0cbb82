import { sessionRoute } from '../../../lib/backend';

/** POST /api/embed-session: a fresh single-use embed session for the signed-in user. */
export const POST = sessionRoute;

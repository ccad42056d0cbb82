import { dataTokenRoute } from '../../../lib/data';

/** POST /api/data-token: a short-lived data token for the signed-in user. */
export const POST = dataTokenRoute;

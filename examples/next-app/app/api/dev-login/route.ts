import { devLoginRoute } from '../../../lib/backend';

/** GET /api/dev-login?user=erin: the development sign-in (404 in production). */
export const GET = devLoginRoute;

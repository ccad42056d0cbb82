import { boardApi } from '../../../../lib/boards';

/**
 * The board API, as the signed-in user: GET/POST /api/boards, GET/PUT/DELETE /api/boards/{id},
 * GET …/{id}/revision, PUT …/{id}/grants, GET …/{id}/principals?q=, POST …/{id}/restore.
 */
export { boardApi as GET, boardApi as POST, boardApi as PUT, boardApi as DELETE };

import { boardApi } from '../../../../lib/boards';

/** The board API: GET/POST /api/boards, GET/PUT/DELETE /api/boards/{id}, as the signed-in user. */
export { boardApi as GET, boardApi as POST, boardApi as PUT, boardApi as DELETE };

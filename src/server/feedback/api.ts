// The feedback API a host mounts for the chat's `onFeedback`: the board API's checks (cross-site
// 403, 415, 413, 408, 401, deadlines) over a `FeedbackStore`.
import { FeedbackRatingSchema } from '../../protocol/feedback';
import { ChatIdSchema } from '../../protocol/threads';
import { answer, invalidAnswer, noContent } from '../http/answers';
import { ApiRefusal, createJsonApi, listQueryOf, type ApiOptions } from '../http/json-api';
import type { StoreUser } from '../store-user';
import { feedbackLimits, type FeedbackLimits } from './limits';
import type { FeedbackStore } from './sql-store';

/** Options of {@link createFeedbackApi}. */
export interface FeedbackApiOptions extends ApiOptions<StoreUser> {
  /** Where ratings are kept (`createSqlFeedbackStore({ client })`). */
  store: FeedbackStore;
  /** The path the API is mounted at. Default `/api/feedback`. */
  basePath?: string;
  /** Page size and body size (pass the store the same). */
  limits?: FeedbackLimits;
}

/**
 * A fetch handler for ratings of the chat's answers, as the signed-in user (a Next.js route
 * `app/api/feedback/route.ts` exports it as POST and GET):
 *
 * - `POST {basePath}` `{ chatId, messageId, rating, reason?, comment?, question?, answer?, sql? }`
 *   (the chat's `ChatFeedback`): 204, kept (a rating given again replaces the one before)
 * - `GET {basePath}?chatId=…&limit=&cursor=`: 200 `{ ratings, nextCursor }`, the user's in that
 *   thread (never another user's)
 *
 * Refusals as the board API's (`{ error, code? }`, bounded): 401, 403 cross-site or past
 * `ratingsPerUser` (`limit`), 415, 413 over `limits.bodyBytes` (512 KiB), 408, 400 naming the
 * field (`issues`), 405, 503.
 */
export function createFeedbackApi(options: FeedbackApiOptions): (request: Request) => Promise<Response> {
  const { store } = options;
  const limits = feedbackLimits(options.limits);
  return createJsonApi<StoreUser>({
    ...options,
    noun: 'feedback',
    basePath: options.basePath ?? '/api/feedback',
    methods: { collection: ['GET', 'POST'], item: [] },
    withBody: ['POST'],
    maxBodyBytes: limits.bodyBytes,
    // A rating's fields and at most 20 statements; room for a newer client's, not for a structure.
    bodyLimits: { depth: 16, values: 10_000, stringLength: limits.bodyBytes },
    notFound: 'Not found',
    async handle({ method, user, url, json }) {
      if (method === 'GET') {
        const chatId = url.searchParams.get('chatId') ?? '';
        if (!ChatIdSchema.is(chatId))
          throw new ApiRefusal(invalidAnswer([{ path: 'chatId', message: 'expected a chat id' }]));
        return answer(200, await store.list(user, chatId, listQueryOf(url)));
      }
      const rating = FeedbackRatingSchema.safeParse(await json(), 'rating');
      if (!rating.success) throw new ApiRefusal(invalidAnswer(rating.error.issues));
      await store.save(user, rating.data);
      return noContent();
    },
  });
}

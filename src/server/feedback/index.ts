// Ratings of the chat's answers on the host's server: the SQL store, its limits and the API.
export { createFeedbackApi, type FeedbackApiOptions } from './api';
export {
  createSqlFeedbackStore,
  type FeedbackPage,
  type FeedbackStore,
  type SqlFeedbackStoreOptions,
} from './sql-store';
export { DEFAULT_FEEDBACK_LIMITS, feedbackLimits, type FeedbackLimits } from './limits';

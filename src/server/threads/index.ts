// The chat's conversation lists on the host's server: the SQL store, its limits and the API.
export { createThreadApi, type ThreadApiOptions } from './api';
export { createSqlThreadStore, type SqlThreadStoreOptions, type ThreadListStore, type ThreadPage } from './sql-store';
export { DEFAULT_THREAD_LIMITS, threadLimits, type ThreadLimits } from './limits';

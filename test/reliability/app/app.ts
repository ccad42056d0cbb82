/**
 * The library's three APIs as a host mounts them, for the reliability suites: one database
 * (`createDatabase`), the board, conversation and feedback stores and APIs on it, a health
 * route, and a test session: the user and their groups come from the `Cookie` header
 * (`user=erin; groups=sales,emea`), as a host's session would decide them.
 */
import {
  createBoardApi,
  createDatabase,
  createFeedbackApi,
  createSqlBoardStore,
  createSqlFeedbackStore,
  createSqlThreadStore,
  createThreadApi,
  type BoardApiOptions,
  type BoardLimits,
  type BoardUser,
  type Database,
  type DatabaseError,
  type DatabaseOptions,
  type FeedbackLimits,
  type SqlClient,
  type ThreadLimits,
} from '../../../src/server';

/** What a test app is made of, besides its database. */
export interface TestAppOptions {
  database?: DatabaseOptions;
  boards?: BoardLimits;
  threads?: ThreadLimits;
  feedback?: FeedbackLimits;
  /** The board API's sharing: the host's directory and share rule. */
  boardApi?: Pick<BoardApiOptions, 'directory' | 'canShare' | 'directoryTimeoutMs'>;
  /** Whether editors may share (the board store's option). */
  editorsMayShare?: boolean;
  requestTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Hears every failure the database adapter and the APIs report. */
  onError?(source: string, error: unknown): void;
}

/** A test app: its fetch handler and its database. */
export interface TestApp {
  handle(request: Request): Promise<Response>;
  database: Database;
}

/** The test session: `user` and `groups` from the cookie; none, signed out. */
export function sessionUser(request: Request): BoardUser | null {
  const cookie = request.headers.get('Cookie') ?? '';
  const user = /(?:^|;\s*)user=([^;]+)/.exec(cookie)?.[1];
  if (!user) return null;
  const groups = /(?:^|;\s*)groups=([^;]*)/.exec(cookie)?.[1];
  return { id: decodeURIComponent(user), groups: groups ? groups.split(',').map(decodeURIComponent) : [] };
}

/** The three APIs on one database, and `GET /health` (the database's `check`). */
export function createTestApp(client: SqlClient | (() => Promise<SqlClient>), options: TestAppOptions = {}): TestApp {
  const onError = options.onError ?? (() => {});
  const database = createDatabase(client, {
    ...options.database,
    onError: (error: DatabaseError) => onError('database', error),
  });
  const common = {
    getUser: sessionUser,
    requestTimeoutMs: options.requestTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs,
    onError: (error: unknown) => onError('api', error),
  };
  const boards = createBoardApi({
    ...common,
    store: createSqlBoardStore({ client: database, limits: options.boards, editorsMayShare: options.editorsMayShare }),
    limits: options.boards,
    ...options.boardApi,
  });
  const threads = createThreadApi({
    ...common,
    store: createSqlThreadStore({ client: database, limits: options.threads }),
    limits: options.threads,
  });
  const feedback = createFeedbackApi({
    ...common,
    store: createSqlFeedbackStore({ client: database, limits: options.feedback }),
    limits: options.feedback,
  });
  return {
    database,
    async handle(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/health')
        return database.check().then(
          () => new Response('ok'),
          () => new Response('down', { status: 503 }),
        );
      if (pathname.startsWith('/api/boards')) return boards(request);
      if (pathname.startsWith('/api/threads')) return threads(request);
      if (pathname.startsWith('/api/feedback')) return feedback(request);
      return new Response('not found', { status: 404 });
    },
  };
}

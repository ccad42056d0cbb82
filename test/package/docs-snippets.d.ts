// What the docs' short snippets leave to the reader (the host's own values and functions),
// declared once so test/package/docs.test.ts can typecheck every snippet against the source.
// A script, not a module: these are globals for the snippets, and nothing imports them; an
// import statement would make it a module, hence the `import()` types.
/* eslint-disable @typescript-eslint/consistent-type-imports */

/** The signed-in user, as the host's own session store knows them. */
declare const user: { id: string; name: string; avatarUrl?: string; regions: string[] };
/** The host's session function (the guide's `getSession`). */
declare const getSession: import('react-embedded-analytics').GetSession;
/** The chat's transport, e.g. `{ url: '/api/chat' }`. */
declare const transport: import('react-embedded-analytics').ChatTransport;
/** A chat message from the thread. */
declare const message: import('react-embedded-analytics/protocol').ChatMessage;
/** A parsed SQL result (`parseToolCall(...).result`). */
declare const result: import('react-embedded-analytics/protocol').SqlResult;
/** A Vega-Lite spec the host trusts. */
declare const mySpec: Record<string, unknown>;
/** A request body the host received. */
declare const body: unknown;
/** A chat response, and the signal that stops reading it. */
declare const response: Response;
declare const signal: AbortSignal;
/** A request made with `fetch`. */
declare const url: string;
declare const init: RequestInit;
/** The host's error reporting, logging and analytics. */
declare function report(...details: unknown[]): void;
declare function log(...details: unknown[]): void;
declare function track(event: string, properties: Record<string, unknown>): void;
/** The host's transport for a framework of its own (the protocol guide's turn machine). */
declare function request(
  body: ReturnType<typeof import('react-embedded-analytics/protocol').chatTurnRequest>,
  seq: number,
): Promise<void>;
declare function postAbort(chatId: string): Promise<void>;
/** The host's database, as `createDatabase(pool)` made it. */
declare const db: import('react-embedded-analytics/server').Database;
/** The host's own sign-in. */
declare function currentUser(headers: Headers): Promise<{ id: string; name: string; regions: string[] } | null>;
declare function userFromSessionCookie(request: Request): Promise<{ id: string; regions: string[] } | null>;
/** The chat proxy the server guide creates. */
declare const chatProxy: (request: Request) => Promise<Response>;
/** An Express app (Express's own types are not a dependency here). */
declare const app: {
  post(
    paths: string[],
    handler: (
      req: import('node:http').IncomingMessage & { originalUrl: string },
      res: import('node:http').ServerResponse & { status(code: number): unknown },
    ) => Promise<void>,
  ): void;
};

declare module 'react-embedded-analytics/styles.css';

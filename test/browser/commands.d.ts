import 'vitest/browser';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Builds and serves the strict-CSP chart page; resolves to its URL. */
    serveCspChart: () => Promise<string>;
    /** Builds and serves the reload test's page (a chat with `persist`, the mock on its origin); resolves to its URL. */
    serveResumeChat: () => Promise<string>;
    /** What that page's mock was asked, and the thread `chatId` as it holds it. */
    resumeChatService: (
      chatId?: string,
      externalId?: string,
    ) => Promise<{ turns: { chatId: string; messageId: string; input: string }[]; messages: unknown[] }>;
    /**
     * Starts the open-source semantic-layer server over a Postgres loaded with the mock's rows
     * (its tokens signed with the mock's data API secret); resolves to its URL.
     */
    startSemanticServer: () => Promise<string>;
    /** Stops it. */
    stopSemanticServer: () => Promise<void>;
    /** Opens a URL in a new tab of the test's browser; resolves to its id. */
    openPage: (url: string) => Promise<string>;
    /** Reloads, types into (then Enter), evaluates in, or closes an opened tab. */
    pageAction: (
      id: string,
      action: { reload: true } | { type: string; into: string } | { evaluate: string } | { close: true },
    ) => Promise<unknown>;
  }
}

import 'vitest/browser';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Builds and serves the strict-CSP chart page; resolves to its URL. */
    serveCspChart: () => Promise<string>;
  }
}

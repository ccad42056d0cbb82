/**
 * What a story logs on purpose, by story id: the error a row boundary catches (React logs
 * every caught error), and Chromium's warning about `allow-scripts allow-same-origin`, which
 * applies here only because the mock's embed shares the page's origin (a real embed is
 * cross-origin). Shared by the Chromium run and the Firefox and WebKit runs.
 */
export const EXPECTED_CONSOLE: Record<string, RegExp> = {
  'chat-agentchat--message-cannot-be-shown': /^console\.error: Error: This renderer failed/,
  'chat-agentchat--conversation-cannot-be-shown': /^console\.error: Error: This empty state failed/,
  'embedding-embeddeddashboard--sandboxed':
    /^console\.warning: An iframe which has both allow-scripts and allow-same-origin/,
};

// Every story and the demo's flow in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver).
import { launchWebKit } from './drivers';
import { engineSuite } from './suite';

engineSuite(launchWebKit, {
  'chat-recovery--interrupted-during-query': {
    // The story's play function logs (Storybook's static preview does not throw it) that it
    // found no SQL step: `expect(step).toHaveTextContent(…)` on null.
    problems: /^console\.error: Error: expect\(received\)\.\w+\(\)\s+received value must be a Node\./,
    why:
      'the mock drops the connection 33 lines into the answer; in Chromium and Firefox the page ' +
      'has those lines, the SQL step among them, when the drop arrives, while in WebKit (seen here) ' +
      'the page shows the thinking and the drop notice but no SQL step: WebKit hands a service ' +
      'worker’s streamed body to the page in larger batches, and what is still queued when the ' +
      'stream errors is discarded with it. The drop notice is checked (the play function’s first ' +
      'check passes); the checks of the SQL step find none.',
  },
});

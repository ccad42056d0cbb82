/**
 * Chat rendering in Chromium: 10,000 deltas streamed into a chat that holds 500 messages,
 * ours beside a naive chat (copies the whole message array per delta) in the same run.
 * Targets: about one row re-rendered per commit, and a longest frame gap under half the naive one's.
 */
import { openBenchPage } from './browser-runner';
import { table } from './harness';
import type { ChatMetrics } from './metrics';

export async function chatBench(): Promise<boolean> {
  const browser = await openBenchPage();
  let result: { historySize: number; deltas: number; perChunk: number; ours: ChatMetrics; naive: ChatMetrics };
  try {
    result = (await browser.page.evaluate(() => window.benches.chat!({}))) as typeof result;
  } finally {
    await browser.close();
  }
  const { ours, naive } = result;
  console.log(
    `\nChat in Chromium: ${result.deltas.toLocaleString('en-US')} deltas (${result.perChunk} per network chunk) into a chat of ${result.historySize} messages`,
  );
  table([
    ['chat', 'total ms', 'commits', 'commits/s', 'rows re-rendered per commit', 'longest frame gap ms'],
    [
      'embedkit (rAF batching, per-row subscriptions)',
      ours.ms,
      ours.commits,
      ours.commitsPerSecond,
      ours.rowRendersPerCommit,
      ours.longestFrameGapMs,
    ],
    [
      'naive (copy the array per delta)',
      naive.ms,
      naive.commits,
      naive.commitsPerSecond,
      naive.rowRendersPerCommit,
      naive.longestFrameGapMs,
    ],
    [
      'ratio (naive / ours)',
      naive.ms / ours.ms,
      '',
      '',
      naive.rowRendersPerCommit / ours.rowRendersPerCommit,
      naive.longestFrameGapMs / Math.max(1, ours.longestFrameGapMs),
    ],
  ]);
  const ok = ours.rowRendersPerCommit <= 1.5 && ours.longestFrameGapMs <= naive.longestFrameGapMs / 2;
  console.log(ok ? 'targets (≤ 1.5 rows per commit, longest frame gap ≤ half the naive one): met' : 'targets: MISSED');
  return ok;
}

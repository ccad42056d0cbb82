/** What the chat benchmark measures for each chat, in the browser. */
export interface ChatMetrics {
  /** From sending to the last commit painted. */
  ms: number;
  commits: number;
  /** Animation frames during the run. */
  frames: number;
  commitsPerFrame: number;
  commitsPerSecond: number;
  rowRendersPerCommit: number;
  /** The longest task (PerformanceObserver `longtask`: 0 when none was over 50 ms). */
  longestTaskMs: number;
  /** The longest gap between two animation frames during the stream. */
  longestFrameGapMs: number;
}

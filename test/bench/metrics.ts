/** What the chat benchmark measures for each chat, in the browser. */
export interface ChatMetrics {
  ms: number;
  commits: number;
  commitsPerSecond: number;
  rowRendersPerCommit: number;
  /** The longest gap between two animation frames during the stream. */
  longestFrameGapMs: number;
}

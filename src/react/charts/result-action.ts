import type { ReactNode } from 'react';

/** What an action says once done: a line, and where to go from there (the board an answer went to). */
export interface ResultActionNote {
  text: string;
  /** A link after the line. A note with a link stays until the next action (it must be reachable). */
  link?: { href: string; label: string };
}

/** An extra entry in a result's export menu (e.g. the dashboard bridge's "Show in dashboard"). */
export interface ResultAction {
  /** Stable and unique among the result's actions. */
  key: string;
  label: string;
  /** Runs the action; a line or note it returns (or resolves to) is shown and announced as its outcome. */
  onSelect?: () => void | string | ResultActionNote | Promise<void | string | ResultActionNote>;
  /**
   * Instead of `onSelect`: a dialog of the action's own (a choice to make first), rendered by the
   * result while open. It calls `done` when it closes, with what to say (nothing: cancelled);
   * focus then goes back to the menu's button.
   */
  dialog?: (done: (note?: string | ResultActionNote) => void) => ReactNode;
}

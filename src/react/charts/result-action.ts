/** An extra entry in a result's export menu (e.g. the dashboard bridge's "Show in dashboard"). */
export interface ResultAction {
  /** Stable and unique among the result's actions. */
  key: string;
  label: string;
  /** Runs the action; a string it returns (or resolves to) is shown and announced as its outcome. */
  onSelect: () => void | string | Promise<void | string>;
}

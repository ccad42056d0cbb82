// Undo and redo over whole board states: each edit pushes the state before it, so undo is
// one step back and redo one forward, and a new edit after an undo drops the redo steps.

/** The states behind and ahead of the present one. */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

/** How many steps back are kept (older ones are dropped first). */
export const HISTORY_LIMIT = 100;

/** A history with nothing to undo or redo. */
export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** `next` as the present state; the present becomes one step back. The same state records nothing. */
export function record<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present];
  return { past: past.length > HISTORY_LIMIT ? past.slice(-HISTORY_LIMIT) : past, present: next, future: [] };
}

/** One step back, or the same history when there is none. */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: previous as T, future: [history.present, ...history.future] };
}

/** One step forward again, or the same history when there is none. */
export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next as T, future };
}

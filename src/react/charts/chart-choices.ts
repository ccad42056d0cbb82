import { useState } from 'react';
import type { ChartType } from './chart-types';

/** A pick in the chart type switch: a type, or `auto` for the chart the answer came with. */
export type ChartChoice = ChartType | 'auto';

/** Picks kept at most; the oldest go first (a page with thousands of results stays small). */
const MAX_PICKS = 500;

/** The picks by result key, oldest first. A chat with `persist` restores and saves them. */
export const picks = new Map<string, ChartChoice>();

/**
 * The chart type a user picked for a result, kept by the result's key (its `uuid`, or the
 * tool call's id) for the life of the page: a re-render or a re-mount (a thread re-rendered,
 * a row scrolled away and back) shows the same pick. Without a key, the pick lives as long
 * as the component.
 */
export function useChartChoice(key: string | undefined): [ChartChoice | undefined, (type: ChartChoice) => void] {
  const [own, setOwn] = useState<ChartChoice>();
  const pick = (type: ChartChoice) => {
    if (key !== undefined) {
      picks.delete(key);
      picks.set(key, type);
      if (picks.size > MAX_PICKS) picks.delete(picks.keys().next().value!);
    }
    setOwn(type); // re-renders this chart
  };
  return [key === undefined ? own : picks.get(key), pick];
}

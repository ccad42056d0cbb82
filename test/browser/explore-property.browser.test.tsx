import { act, cleanup, render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GRANULARITIES, type FilterOperator } from '../../src/protocol';
import { EXPLORE_VIEWS, type ExploreState } from '../../src/protocol/explore';
import { Explorer, useExplorer, type ExploreAction, type ExplorerApi } from '../../src/react/explore';
import { NativeOnMock } from '../../stories/support/native';

// A property of the explorer, in Chromium on the mock's data API: whatever sequence of builder
// actions a user takes (members on and off, a time dimension with or without a granularity
// and range, filters complete or not, sorts, limits, chart types, reset, back and forward),
// after each one the result settles on an answer drawn (a chart, the numbers, a table) or a
// readable message of the explorer's own; never a thrown error caught by the widget, never a
// JavaScript error's text, never "undefined" or "NaN" in what is shown.
// VITE_EXPLORE_PROPERTY_RUNS (default 25) sequences of up to 7 actions; seeded for a replay
// (VITE_EXPLORE_PROPERTY_SEED).

afterEach(cleanup);

const RUNS = Number(import.meta.env.VITE_EXPLORE_PROPERTY_RUNS ?? 25);
// The same walks on every npm test (as test/setup/property-seed.ts does for the others);
// VITE_EXPLORE_PROPERTY_SEED=random explores new ones, a number replays a failure.
const SEED_SET: string = import.meta.env.VITE_EXPLORE_PROPERTY_SEED ?? '20261128';
const SEED = SEED_SET === 'random' ? undefined : Number(SEED_SET);

const MEASURES = ['orders.revenue', 'orders.count', 'orders.averageOrderValue', 'orders.largeOrderShare'];
const DIMENSIONS = ['orders.region', 'orders.country', 'orders.category', 'orders.customer'];
const TIME = 'orders.createdAt';

/** A builder action as a user makes it (each one a control of the explorer's). */
type Step = { action: ExploreAction } | { back: true } | { forward: true };

const day = fc
  .date({ min: new Date(Date.UTC(2023, 0, 1)), max: new Date(Date.UTC(2025, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const filter = fc.oneof(
  fc.record({
    member: fc.constantFrom('orders.region', 'orders.category'),
    operator: fc.constantFrom<FilterOperator>('equals', 'notEquals'),
    values: fc.subarray(['Europe', 'Asia Pacific', 'Software', 'Hardware', 'Nowhere']),
  }),
  fc.record({
    member: fc.constantFrom('orders.country', 'orders.customer'),
    operator: fc.constantFrom<FilterOperator>('contains', 'startsWith', 'set', 'notSet'),
    values: fc.constantFrom<string[]>([], ['a'], ['Ger']),
  }),
  fc.record({
    member: fc.constantFrom(...MEASURES),
    operator: fc.constantFrom<FilterOperator>('gte', 'lte', 'gt', 'lt', 'equals'),
    values: fc.constantFrom<string[]>([], ['0'], ['100'], ['1e9'], ['0.5']),
  }),
  fc.record({
    member: fc.constant(TIME),
    operator: fc.constant<FilterOperator>('inDateRange'),
    values: fc.oneof(
      fc.constant<string[]>([]),
      fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
    ),
  }),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...MEASURES).map((member): Step => ({ action: { type: 'toggleMeasure', member } })),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(...DIMENSIONS).map((member): Step => ({ action: { type: 'toggleDimension', member } })),
  },
  {
    weight: 3,
    arbitrary: fc
      .option(
        fc.record(
          {
            granularity: fc.constantFrom(...GRANULARITIES.filter((g) => g !== 'second' && g !== 'minute')),
            dateRange: fc.oneof(
              fc.constantFrom('last 30 days', 'this year', 'last year'),
              fc.tuple(day, day).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a])),
            ),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      )
      .map((time): Step => ({ action: { type: 'setTime', time: time && { dimension: TIME, ...time } } })),
  },
  { weight: 2, arbitrary: filter.map((added): Step => ({ action: { type: 'addFilter', filter: added } })) },
  { weight: 1, arbitrary: fc.nat(3).map((index): Step => ({ action: { type: 'removeFilter', index } })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...MEASURES, ...DIMENSIONS, TIME), fc.constantFrom('asc' as const, 'desc' as const))
      .map(([member, direction]): Step => ({ action: { type: 'setOrder', order: [[member, direction]] } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined })
      .map((limit): Step => ({ action: { type: 'setLimit', limit } })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...EXPLORE_VIEWS).map((view): Step => ({ action: { type: 'setView', view } })),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ action: { type: 'reset' } }) },
  { weight: 1, arbitrary: fc.constant<Step>({ back: true }) },
  { weight: 1, arbitrary: fc.constant<Step>({ forward: true }) },
);

/** The explorer's API, for the test to act as the builder's controls do. */
const handle: { current?: ExplorerApi } = {};
function Harness() {
  const explorer = useExplorer();
  useLayoutEffect(() => {
    handle.current = explorer;
  });
  return (
    <Explorer.Root explorer={explorer}>
      <Explorer.Time />
      <Explorer.Filters />
      <Explorer.Order />
      <Explorer.ChartType />
      <Explorer.Result />
      <Explorer.History />
    </Explorer.Root>
  );
}

/** What a thrown error's text looks like, or a value that was never a value. */
const BROKEN = /TypeError|RangeError|ReferenceError|Cannot read|is not a function|undefined|NaN|\[object /;

/** The result once settled: an answer drawn, or a message, in words (throws while it loads). */
function settledResult(): string {
  const result = document.querySelector('.ek-explore__result')!;
  const message = result.querySelector('.ek-explore__empty');
  if (message) return `message: ${message.textContent}`;
  const widget = result.querySelector<HTMLElement>('.ek-qchart, .ek-qtable');
  expect(widget, 'a widget').not.toBeNull();
  expect(widget!.hasAttribute('aria-busy'), 'still loading').toBe(false);
  const state = widget!.dataset.state;
  const error = widget!.querySelector('.ek-widget__error');
  if (error) return `error: ${error.textContent}`;
  if (widget!.classList.contains('ek-qtable')) {
    expect(state).toBe('ready');
    return `table: ${widget!.querySelectorAll('tbody tr').length} rows`;
  }
  expect(['ready', 'empty']).toContain(state);
  if (state === 'empty') return 'chart: no data';
  if (widget!.dataset.kind === 'number') {
    expect(widget!.querySelector('.ek-qchart__numbers')).not.toBeNull();
    return 'numbers';
  }
  // A chart drawn, or the table it shows for a shape no chart draws.
  const drawn = widget!.querySelector('.ek-chart__view[data-drawn], .ek-table tbody tr');
  expect(drawn, `a chart of kind ${widget!.dataset.kind} drawn`).not.toBeNull();
  return `chart: ${widget!.dataset.kind}`;
}

describe('the explorer under random builder actions', () => {
  it(`always settles on an answer drawn or a readable message (${RUNS} runs)`, async () => {
    // React reports what an error boundary caught; any such report is a failure here.
    const caught: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/error occurred in|above error/i.test(text)) caught.push(text.slice(0, 300));
      original(...args);
    };
    const seen = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
          const view = render(
            <NativeOnMock>
              <Harness />
            </NativeOnMock>,
          );
          try {
            for (const next of steps) {
              act(() => {
                if ('back' in next) handle.current!.back();
                else if ('forward' in next) handle.current!.forward();
                else handle.current!.dispatch(next.action);
              });
              const state: ExploreState = handle.current!.state;
              const shown = await waitFor(settledResult, { timeout: 20_000 });
              seen.add(shown.replace(/\d+/g, 'N'));
              const text = document.querySelector('.ek-explore__result')!.textContent ?? '';
              const broken = BROKEN.exec(text);
              expect(
                broken && text.slice(Math.max(0, broken.index - 80), broken.index + 40),
                `after ${JSON.stringify(next)} in ${JSON.stringify(state)}`,
              ).toBeNull();
              // A valid question the explorer sends is never refused: no error at all.
              expect(shown, `after ${JSON.stringify(next)} in ${JSON.stringify(state)}`).not.toMatch(/^error/);
              expect(caught).toEqual([]);
            }
          } finally {
            view.unmount();
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
    } finally {
      console.error = original;
    }
    console.info(`[explore property] ${RUNS} runs; results seen: ${[...seen].sort().join(' | ')}`);
  }, 600_000);
});

import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { Annotation, LoadRow, MetaResponse } from '../../src/protocol';
import {
  FilterBar,
  QueryChart,
  SemanticFilters,
  SemanticProvider,
  type DataSource,
  type SemanticQuery,
  type SemanticResult,
} from '../../src/react/native';

// The native widgets in Chromium, with real vega, under answers a data API should not give
// (issue 30): titles with quotes, a stalled /meta, 200,000 daily rows, an answer that throws
// while drawn, 2 MB values. A data source of the test's own, so each answer is exact.

afterEach(cleanup);

const shots = import.meta.env.VITE_B_SHOTS ? (name: string) => page.screenshot({ path: `b-shots/${name}.png` }) : null;

interface Answers {
  load: (query: SemanticQuery, call: number) => SemanticResult | Promise<SemanticResult>;
  meta?: () => Promise<MetaResponse>;
}

function withAnswers({ load, meta }: Answers, children: ReactNode) {
  const calls = { load: 0 };
  const source: DataSource = {
    load: async (query) => load(query, ++calls.load),
    meta: meta ?? (async () => ({ cubes: [] })),
    reset: () => undefined,
  };
  render(
    <SemanticProvider source={source} queryClient={new QueryClient()}>
      <div style={{ width: 640 }}>{children}</div>
    </SemanticProvider>,
  );
  return calls;
}

const annotation = (dimension: string, measure: string): Annotation => ({
  measures: { 'orders.revenue': { title: measure, shortTitle: measure, type: 'number' } },
  dimensions: { 'orders.region': { title: dimension, shortTitle: dimension, type: 'string' } },
  timeDimensions: {},
});

const BY_REGION: SemanticQuery = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
const box = () => document.querySelector<HTMLElement>('.ek-qchart')!;
const drawn = () =>
  waitFor(() => expect(document.querySelector('.ek-qchart .ek-chart__view[data-drawn]')).not.toBeNull(), {
    timeout: 20_000,
  });
const bars = () => document.querySelectorAll('.ek-qchart svg .mark-rect path');

describe('QueryChart under hostile titles', () => {
  for (const [dimension, measure] of [
    ["Client's region", "Revenue (client's)"],
    ['Region "quoted"', 'Revenue "net"'],
    ['back\\slash', 'line\nbreak'],
  ] as const) {
    it(`draws bars for ${JSON.stringify(dimension)} by ${JSON.stringify(measure)}`, async () => {
      withAnswers(
        {
          load: (query) => ({
            query,
            data: [
              { 'orders.region': 'Europe', 'orders.revenue': '10' },
              { 'orders.region': 'Asia', 'orders.revenue': '20' },
            ],
            annotation: annotation(dimension, measure),
          }),
        },
        <QueryChart query={BY_REGION} />,
      );
      await drawn();
      expect(bars()).toHaveLength(2);
      // Not the table fallback.
      expect(document.querySelector('.ek-qchart table')).toBeNull();
      // Titled by both (their quotes typographic, a line break a space).
      expect(box().querySelector('h3')!.textContent).toMatch(/^\S.* by \S.*$/);
      expect(box().querySelector('h3')!.textContent).not.toContain(measure);
    });
  }
});

describe('QueryChart with its answer while /meta stalls', () => {
  it('draws the time series from the answer, titled by its annotation', async () => {
    const start = Date.UTC(2024, 0, 1);
    withAnswers(
      {
        load: (query) => ({
          query,
          data: Array.from({ length: 30 }, (_, i) => ({
            'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
            'orders.revenue': String(i),
          })),
          annotation: {
            measures: { 'orders.revenue': { title: 'Revenue', shortTitle: 'Revenue', type: 'number' } },
            dimensions: {},
            timeDimensions: { 'orders.createdAt.day': { title: 'Created', shortTitle: 'Created', type: 'time' } },
          },
        }),
        meta: () => new Promise(() => undefined),
      },
      <QueryChart
        query={{
          measures: ['orders.revenue'],
          timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
        }}
      />,
    );
    await drawn();
    expect(screen.getByRole('heading', { name: 'Revenue' })).toBeTruthy();
  });
});

describe('QueryChart under 200,000 daily rows', () => {
  it('draws (no stack overflow), at most its cap of rows, and says so', async () => {
    const start = Date.UTC(1500, 0, 1);
    const data: LoadRow[] = Array.from({ length: 200_000 }, (_, i) => ({
      'orders.createdAt.day': new Date(start + i * 86_400_000).toISOString().slice(0, 23),
      'orders.revenue': String(i % 100),
    }));
    withAnswers(
      { load: (query) => ({ query, data, annotation: { measures: {}, dimensions: {}, timeDimensions: {} } }) },
      <QueryChart
        query={{
          measures: ['orders.revenue'],
          timeDimensions: [{ dimension: 'orders.createdAt', granularity: 'day' }],
        }}
      />,
    );
    await drawn();
    expect(box().querySelector('[role="alert"]')).toBeNull();
    expect(box().querySelector('.ek-qchart__note')!.textContent).toBe('The first 2,000 of 200,000 rows are drawn');
    await shots?.('chart-undrawn');
  }, 60_000);
});

describe('QueryChart Retry after an answer that throws while drawn', () => {
  it('asks again and draws the good answer', async () => {
    const calls = withAnswers(
      {
        load: (query, call) => {
          const rows: LoadRow[] = [{ 'orders.region': 'Europe', 'orders.revenue': '10' }];
          if (call === 1)
            Object.defineProperty(rows[0], 'orders.revenue', {
              enumerable: true,
              get: () => {
                throw new RangeError('Invalid currency code : XXXXX');
              },
            });
          return { query, data: rows, annotation: annotation('Region', 'Revenue') };
        },
      },
      <QueryChart query={BY_REGION} />,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    // The thrown error's text is not the user's: the widget's own words and Retry.
    expect(alert.textContent).not.toContain('Invalid currency code');
    expect(within(alert).getByText('Could not load the data')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await drawn();
    expect(bars()).toHaveLength(1);
    expect(calls.load).toBe(2);
  }, 30_000);
});

describe('2 MB values', () => {
  it('a chart draws them capped; an opened FilterBar list stays inside its box', async () => {
    const huge = (c: string) => c.repeat(2 * 1024 * 1024);
    withAnswers(
      {
        load: (query) => ({
          query,
          data: [
            { 'orders.region': huge('a'), 'orders.revenue': '10' },
            { 'orders.region': huge('b'), 'orders.revenue': '20' },
          ],
          annotation: annotation('Region', 'Revenue'),
        }),
      },
      <SemanticFilters>
        <FilterBar dimensions={['orders.region']} />
        <QueryChart query={BY_REGION} />
      </SemanticFilters>,
    );
    await drawn();
    expect(bars()).toHaveLength(2);
    await userEvent.click(await screen.findByText('Region', { selector: 'summary span' }, { timeout: 10_000 }));
    const list = document.querySelector<HTMLElement>('.ek-filters__options')!;
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(2));
    expect(list.getBoundingClientRect().width).toBeLessThanOrEqual(320);
    const option = list.querySelector<HTMLElement>('.ek-filters__option')!;
    expect(option.textContent!.length).toBeLessThanOrEqual(100);
    expect(option.title).toHaveLength(2 * 1024 * 1024);
    await shots?.('huge-values');
  }, 60_000);
});

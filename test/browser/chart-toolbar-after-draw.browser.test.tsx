import { render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { ResultChart } from '../../src';
import { loadCharts } from '../../src/react/charts/load-charts';
import type { SqlResult } from '../../src/protocol';

// Issue 41: a first chart does not wait for its toolbar (on a board of sixteen, each one's
// menus). The toolbar's place is held while the chart draws, and its buttons come right after;
// nothing moves when they do.

const result: SqlResult = {
  sqlQuery: 'SELECT region, revenue FROM t',
  queryTitle: 'Revenue by region',
  columns: [
    { name: 'region', type: 'String', kind: 'string' },
    { name: 'revenue', type: 'Double', kind: 'number' },
  ],
  rows: [
    ['Europe', 62125],
    ['Asia', 51230],
    ['Americas', 48800],
  ],
  totalRows: 3,
  truncated: false,
  vegaSpec: {
    mark: 'bar',
    encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
  },
};

describe('a chart whose code is already in', () => {
  it('draws first, then shows its toolbar in the place it held', async () => {
    // A first chart loads vega and the toolbar's code: both are in for the next one.
    await loadCharts();
    const first = render(<ResultChart result={result} />);
    await first.findByRole('toolbar');
    first.unmount();
    let container!: HTMLElement;
    flushSync(() => {
      ({ container } = render(
        <div style={{ width: 640 }}>
          <ResultChart result={result} />
        </div>,
      ));
    });
    const toolbar = () => container.querySelector<HTMLElement>('.ek-chart__toolbar')!;
    const view = container.querySelector<HTMLElement>('.ek-chart__view')!;
    // Before the draw: the toolbar's place, no buttons yet.
    expect(view.dataset.drawn).toBeUndefined();
    expect(toolbar()).not.toBeNull();
    expect(toolbar().querySelector('button')).toBeNull();
    const held = toolbar().getBoundingClientRect().height;
    const chartTop = view.getBoundingClientRect().top;
    expect(held).toBeGreaterThan(0);
    await waitFor(() => expect(view.dataset.drawn).toBe('1'));
    // Then its buttons, in the same place: the chart does not move.
    await screen.findByRole('toolbar');
    expect(toolbar().querySelector('button')).not.toBeNull();
    expect(toolbar().getBoundingClientRect().height).toBe(held);
    expect(view.getBoundingClientRect().top).toBe(chartTop);
  });
});

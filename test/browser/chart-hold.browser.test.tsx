import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ResultChart, ThemeProvider } from '../../src';
import type { SqlResult } from '../../src/protocol';

// The place a chart holds before vega loads is the place it draws in. This file must render a
// chart before anything else loads the chart chunk (each browser test file starts afresh), so
// the first render is the holding one.

/** 100 customers, a few large and a long tail: the top 29 bars plus "Other" (the long-tail story). */
const longTail: SqlResult = {
  sqlQuery: 'SELECT customer, revenue FROM t',
  queryTitle: 'Revenue by customer',
  columns: [
    { name: 'customer', type: 'String', kind: 'string' },
    { name: 'revenue', type: 'Double', kind: 'number' },
  ],
  rows: Array.from({ length: 100 }, (_, i) => [
    `Customer ${String(i + 1).padStart(3, '0')} Holdings`,
    Math.round(5_000_000 / (i + 1) ** 2) + 0.28,
  ]),
  totalRows: 100,
  truncated: false,
  vegaSpec: {
    mark: 'bar',
    encoding: { x: { field: 'customer', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
  },
};

describe('a chart with more than 30 categories', () => {
  it('holds the height it draws at, note included: nothing below it moves', async () => {
    const { container } = render(
      <div style={{ width: 640 }}>
        <ResultChart result={longTail} toolbar={false} />
      </div>,
    );
    const figure = container.querySelector<HTMLElement>('figure')!;
    const canvas = container.querySelector<HTMLElement>('.ek-chart__canvas')!;
    // The holding render: vega is not there yet.
    expect(canvas.dataset.state).toBe('loading');
    expect(container.querySelector('svg')).toBeNull();
    const heights = new Set<number>();
    const record = () => heights.add(Math.round(figure.getBoundingClientRect().height));
    record();
    const held = Math.round(canvas.getBoundingClientRect().height);
    const observer = new ResizeObserver(record);
    observer.observe(figure);
    await waitFor(() => expect(container.querySelectorAll('.mark-rect path')).toHaveLength(30), { timeout: 10_000 });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    observer.disconnect();
    record();
    // 30 bars want 730 px; a horizontal chart's box is capped at 640 and scrolls.
    expect(held).toBe(640);
    expect(Math.round(canvas.getBoundingClientRect().height)).toBe(held);
    expect(canvas.scrollHeight).toBeGreaterThan(canvas.clientHeight);
    expect(container.querySelector('[role="note"]')).toHaveTextContent(/top 29 of 100 customer by revenue/);
    expect([...heights]).toHaveLength(1);
  });
});

describe('a tall horizontal chart', () => {
  it('scrolls in its box, reached by Tab, with the theme focus ring every other control has', async () => {
    const { container } = render(
      <ThemeProvider theme={{ colorScheme: 'dark', colors: { primary: '#0e7490' } }}>
        <button type="button">before</button>
        <ResultChart result={longTail} toolbar={false} />
      </ThemeProvider>,
    );
    const canvas = container.querySelector<HTMLElement>('.ek-chart__canvas')!;
    await waitFor(() => expect(container.querySelectorAll('.mark-rect path')).toHaveLength(30), { timeout: 10_000 });
    container.querySelector('button')!.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(canvas);
    const style = getComputedStyle(canvas);
    expect(style.outlineStyle).toBe('solid');
    expect(style.outlineColor).toBe('rgb(14, 116, 144)');
  });
});

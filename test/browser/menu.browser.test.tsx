import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ResultChart } from '../../src';
import type { SqlResult } from '../../src/protocol';

// The result toolbar's menus in Chromium, inside a box that clips them as the chat's
// scrolling log does.

afterEach(cleanup);

const result: SqlResult = {
  sqlQuery: 'SELECT region, revenue FROM t',
  queryTitle: 'Revenue by region',
  columns: [
    { name: 'region', type: 'String', kind: 'string' },
    { name: 'revenue', type: 'Double', kind: 'number' },
  ],
  rows: [
    ['Europe', 1],
    ['Asia', 2],
  ],
  totalRows: 2,
  truncated: false,
  vegaSpec: {
    mark: 'bar',
    encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'revenue', type: 'quantitative' } },
  },
};

/** A scrolling box `height` px high whose content puts the chart's toolbar `above` px from its bottom. */
function renderInLog(height: number, above: number) {
  const { container } = render(
    <div data-testid="log" style={{ height, overflowY: 'auto', width: 600 }}>
      <div style={{ height: height - above - 15 }} />
      <ResultChart result={result} />
      <div style={{ height: 400 }} />
    </div>,
  );
  return container.querySelector<HTMLElement>('[data-testid="log"]')!;
}

async function openViewMenu() {
  const toolbar = await screen.findByRole('toolbar', { name: 'Result actions' }, { timeout: 10_000 });
  const button = within(toolbar).getByRole('button', { name: /^View:/ });
  button.focus();
  await userEvent.keyboard('{ArrowDown}');
  const menu = await screen.findByRole('menu');
  return { button, menu };
}

const box = (element: Element) => element.getBoundingClientRect();

describe('a result menu', () => {
  it('opens downward where it fits', async () => {
    const log = renderInLog(500, 440);
    const { button, menu } = await openViewMenu();
    expect(menu).toHaveAttribute('data-side', 'below');
    expect(box(menu).top).toBeGreaterThan(box(button).bottom);
    expect(box(menu).bottom).toBeLessThanOrEqual(box(log).bottom);
  });

  it('flips up when the box that scrolls it has no room below, and stays inside it', async () => {
    const log = renderInLog(500, 40);
    const { button, menu } = await openViewMenu();
    expect(box(button).bottom).toBeGreaterThan(box(log).bottom - 60);
    expect(menu).toHaveAttribute('data-side', 'above');
    expect(box(menu).bottom).toBeLessThan(box(button).top);
    expect(box(menu).top).toBeGreaterThanOrEqual(box(log).top);
    // The whole menu is visible: every item is reachable by pointer too.
    for (const item of within(menu).getAllByRole('menuitemradio')) {
      expect(box(item).bottom).toBeLessThanOrEqual(box(log).bottom);
      expect(box(item).top).toBeGreaterThanOrEqual(box(log).top);
    }
    expect(document.activeElement).toBe(within(menu).getAllByRole('menuitemradio')[0]);
  });

  it('flips up at the bottom of the window too', async () => {
    const spacer = window.innerHeight - 60;
    render(
      <div style={{ width: 600 }}>
        <div style={{ height: spacer }} />
        <ResultChart result={result} />
      </div>,
    );
    const { menu } = await openViewMenu();
    expect(menu).toHaveAttribute('data-side', 'above');
    expect(box(menu).top).toBeGreaterThanOrEqual(0);
  });

  it('scrolls on the roomier side where it fits neither way', async () => {
    const log = renderInLog(200, 100);
    const { menu } = await openViewMenu();
    expect(menu.scrollHeight).toBeGreaterThan(menu.clientHeight);
    expect(box(menu).top).toBeGreaterThanOrEqual(box(log).top - 1);
    expect(box(menu).bottom).toBeLessThanOrEqual(box(log).bottom + 1);
    // Arrow keys still reach the last item, scrolled into view.
    await userEvent.keyboard('{End}');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(document.activeElement).toBe(items[items.length - 1]);
    expect(box(items[items.length - 1]!).bottom).toBeLessThanOrEqual(box(menu).bottom + 1);
  });
});

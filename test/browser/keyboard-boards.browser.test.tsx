import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Board, type BoardDefinition } from '../../src/react/boards';
import { KpiCard, QueryChart, QueryTable } from '../../src/react/native';
import { withExploredWidget } from '../../demo/my-board';
import { notesBoard, salesBoard } from '../../stories/Boards/board-definitions';
import { NativeOnMock } from '../../stories/support/native';
import { LAST_QUARTER, NativeFrame } from '../../stories/support/native-data';
import { axeViolations, expectFocusIn, expectFocusOn, focused, ringProblems } from './keyboard-support';

// Boards and the drill menus by keyboard and screen reader in Chromium, on the mock's data
// API, with real key presses: the Tab order through a board (a chart's marks are one stop),
// where focus goes after every drill choice and breadcrumb, after Undo or Redo or a pager
// button disables itself; no Tab stop hidden from screen readers; chart summaries in words;
// focus rings never cut off; axe at 1440 and 390 px.

afterEach(cleanup);

const TODAY = new Date(Date.UTC(2024, 11, 31));

function OnMock({ definition, editable = false }: { definition: unknown; editable?: boolean }) {
  const [saved, setSaved] = useState(definition);
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
      <Board definition={saved} editable={editable} today={TODAY} onChange={setSaved} />
    </NativeFrame>
  );
}

const ready = (charts: number) =>
  waitFor(
    () => {
      for (const widget of document.querySelectorAll<HTMLElement>('.ek-kpi, .ek-qchart, .ek-qtable'))
        expect(widget.dataset.state).toBe('ready');
      expect(document.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(charts);
    },
    { timeout: 30_000 },
  );

/** Whether `element` is inside a subtree hidden from screen readers. */
const hidden = (element: Element) => Boolean(element.closest('[aria-hidden="true"]'));

describe('a board by keyboard', () => {
  it('Tab reaches the widget after a weekly chart in a few stops (its 13 marks are one), none hidden from screen readers', async () => {
    await page.viewport(1440, 900);
    render(<OnMock definition={salesBoard()} />);
    await ready(2);
    const weekly = document.querySelector('[data-widget-id="weekly"]')!;
    const marks = weekly.querySelectorAll('.ek-qchart__marks button');
    expect(marks.length).toBeGreaterThan(10);
    // Into the weekly chart, then on until the next widget.
    weekly.querySelector<HTMLElement>('.ek-qchart__title')!.focus();
    const stops: string[] = [];
    while (weekly.contains(document.activeElement) && stops.length < 80) {
      await userEvent.keyboard('{Tab}');
      stops.push(focused());
      expect(hidden(document.activeElement!), `a Tab stop hidden from screen readers: ${focused()}`).toBe(false);
    }
    // The chart's View menu and its marks' one stop, then the next widget.
    expect(stops.length, stops.join('\n')).toBeLessThanOrEqual(4);
    expect(document.activeElement!.closest('[data-widget-id]')?.getAttribute('data-widget-id')).not.toBe('weekly');
    // Arrows move between the marks; one of them is the Tab stop.
    const first = weekly.querySelector<HTMLElement>('.ek-qchart__marks button[tabindex="0"]')!;
    first.focus();
    await userEvent.keyboard('{End}');
    expectFocusOn(marks[marks.length - 1], 'End');
    await userEvent.keyboard('{Home}');
    expectFocusOn(marks[0], 'Home');
    // The summary reads dates and money as the chart shows them.
    const summary = weekly.querySelector('[role="img"]')!.getAttribute('aria-label')!;
    expect(summary).not.toMatch(/T00:00|\d{4}-\d{2}-\d{2}/);
    expect(summary).toMatch(/Highest Revenue: Week of \w{3} \d{1,2}, 2024, \$[\d,]+\.\d\d\. Lowest: Week of/);
    // No element hidden from screen readers takes focus, anywhere on the board.
    const focusable = [
      ...document.querySelectorAll<HTMLElement>('[aria-hidden="true"] :is(a, button, input, select, [tabindex])'),
      ...document.querySelectorAll<HTMLElement>('[aria-hidden="true"][tabindex]'),
    ].filter((element) => element.tabIndex >= 0);
    expect(focusable.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  }, 60_000);

  it('Undo and Redo hand focus to each other when they disable themselves', async () => {
    render(<OnMock definition={notesBoard()} editable />);
    const cell = await screen.findByRole('group', { name: 'Owners' }, { timeout: 15_000 });
    cell.focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    undo.focus();
    expectFocusOn(undo, 'Undo');
    await userEvent.keyboard('{Enter}');
    expect(undo).toBeDisabled();
    await waitFor(() => expectFocusOn(redo, 'Undo disabled itself'));
    await userEvent.keyboard('{Enter}');
    expect(redo).toBeDisabled();
    await waitFor(() => expectFocusOn(undo, 'Redo disabled itself'));
  }, 30_000);

  it('a widget saved from Explore is named by the title the explorer showed', async () => {
    const definition = withExploredWidget(
      { version: 2, title: 'Mine', widgets: [] },
      { measures: ['orders.revenue'], dimensions: ['orders.region'], filters: [], order: [], view: 'auto' },
      'Revenue by Region',
    );
    render(<OnMock definition={definition} editable />);
    const cell = await screen.findByRole('group', { name: 'Revenue by Region' }, { timeout: 15_000 });
    expect(within(cell).getByRole('button', { name: 'Remove Revenue by Region' })).toBeTruthy();
  }, 30_000);

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const)
    it(`at ${width} px, viewed and edited: axe finds nothing and no focus ring is cut off`, async () => {
      await page.viewport(width, height);
      for (const editable of [false, true]) {
        const { unmount, container } = render(<OnMock definition={salesBoard()} editable={editable} />);
        await ready(2);
        expect(await axeViolations(container)).toEqual([]);
        const problems: string[] = [];
        container.querySelector<HTMLElement>('.ek-board')!.focus();
        (container.querySelector<HTMLElement>('.ek-board :is(button, [tabindex="0"])') ?? document.body).focus();
        for (let i = 0; i < 60 && container.contains(document.activeElement); i++) {
          problems.push(...ringProblems());
          await userEvent.keyboard('{Tab}');
        }
        expect(problems).toEqual([]);
        unmount();
      }
    }, 90_000);
});

describe('the drill menus by keyboard', () => {
  const marks = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.ek-qchart__marks button')];

  it('a chart: each choice lands focus on the drilled chart or its rows; the breadcrumb back on the chart', async () => {
    await page.viewport(1440, 900);
    const { container } = render(
      <NativeOnMock>
        <QueryChart query={{ measures: ['orders.revenue'], dimensions: ['orders.region'] }} drill />
        <button type="button">After the chart</button>
      </NativeOnMock>,
    );
    await waitFor(() => expect(marks(container)).toHaveLength(4), { timeout: 20_000 });
    for (const [item, heading] of [
      ['Break down by Country', /^Country \(/],
      ['See the rows', /^Rows of /],
    ] as const) {
      const mark = marks(container).find((button) => button.tabIndex === 0)!;
      mark.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu', {}, { timeout: 20_000 });
      const choice = await within(menu).findByRole('menuitem', { name: item }, { timeout: 20_000 });
      // Arrows to it, Enter.
      while (document.activeElement !== choice) await userEvent.keyboard('{ArrowDown}');
      await userEvent.keyboard('{Enter}');
      const drilled = await screen.findByRole('heading', { name: heading }, { timeout: 20_000 });
      await waitFor(() => expectFocusOn(drilled, `after "${item}"`));
      // Tab goes on inside the drilled chart (or its rows), never past it.
      await userEvent.keyboard('{Tab}');
      expectFocusIn(drilled.closest('.ek-qchart'), `Tab after "${item}"`);
      screen.getByRole('button', { name: '← Revenue by Region' }).focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() =>
        expectFocusOn(screen.getByRole('heading', { name: 'Revenue by Region' }), 'the breadcrumb back'),
      );
    }
    // Escape: back on the mark.
    const mark = marks(container).find((button) => button.tabIndex === 0)!;
    mark.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    expectFocusOn(mark, 'Escape');
  }, 90_000);

  it('a KPI: a break down lands focus on its breadcrumb; back, on its drill button again', async () => {
    render(
      <NativeOnMock>
        <KpiCard measure="orders.revenue" title="Revenue" drill />
      </NativeOnMock>,
    );
    const button = await screen.findByRole('button', { name: 'Drill into Revenue' }, { timeout: 20_000 });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', {}, { timeout: 20_000 });
    (await within(menu).findByRole('menuitem', { name: 'Break down by Region' })).focus();
    await userEvent.keyboard('{Enter}');
    const crumb = await screen.findByRole('button', { name: '← Revenue' });
    await waitFor(() => expectFocusOn(crumb, 'a KPI broken down'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expectFocusOn(screen.getByRole('button', { name: 'Drill into Revenue' }), 'the KPI again'));
  }, 60_000);

  it('a table: a row’s choice lands focus on the drilled table; Next and Previous hand focus on as they disable', async () => {
    render(
      <NativeOnMock>
        <QueryTable query={{ measures: ['orders.revenue'], dimensions: ['orders.country'] }} pageSize={5} drill />
      </NativeOnMock>,
    );
    const next = await screen.findByRole('button', { name: 'Next page' }, { timeout: 20_000 });
    const previous = screen.getByRole('button', { name: 'Previous page' });
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 20_000 });
    next.focus();
    for (let i = 0; i < 20 && !next.hasAttribute('disabled'); i++) {
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(document.querySelector('.ek-qtable[aria-busy]')).toBeNull(), { timeout: 20_000 });
    }
    expect(next).toBeDisabled();
    await waitFor(() => expectFocusOn(previous, 'Next disabled itself'));
    const row = document.querySelector<HTMLElement>('.ek-drill__row')!;
    row.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', {}, { timeout: 20_000 });
    (await within(menu).findByRole('menuitem', { name: 'See the rows' })).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expectFocusOn(document.querySelector('.ek-qtable .ek-table__scroll'), 'a row drilled'));
    expect(document.activeElement!.getAttribute('aria-labelledby')).toBeTruthy();
    screen.getByRole('button', { name: /^← / }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expectFocusOn(document.querySelector('.ek-qtable .ek-table__scroll'), 'the table again'));
  }, 90_000);
});

describe('a saved Explore widget', () => {
  it('keeps its title', () => {
    const definition: BoardDefinition = withExploredWidget(
      { version: 2, title: 'Mine', widgets: [] },
      { measures: ['orders.revenue'], dimensions: [], filters: [], order: [], view: 'table' },
      '  Revenue  ',
    );
    expect(definition.widgets[0]).toMatchObject({ kind: 'table', title: 'Revenue' });
  });
});

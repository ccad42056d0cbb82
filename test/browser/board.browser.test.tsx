import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Board, type BoardDefinition } from '../../src/react/boards';
import { BOARD_GAP, BOARD_ROW_HEIGHT } from '../../src/react/boards/board-geometry';
import { notesBoard, salesBoard } from '../../stories/Boards/board-definitions';
import { LAST_QUARTER, NativeFrame } from '../../stories/support/native-data';

// The board in Chromium on the mock's data API: where the cells land, that nothing moves
// while the board's code and its data load, keyboard moves that re-order the DOM, and a
// pointer drag. VITE_G_SHOTS=1 also saves screenshots to look at.

afterEach(cleanup);

const TODAY = new Date(Date.UTC(2024, 11, 31));
const shot = (name: string) =>
  import.meta.env.VITE_G_SHOTS ? page.screenshot({ path: `/work/main/node_modules/.cache/g/${name}.png` }) : null;

function OnMock({
  definition,
  editable = false,
  width = 1100,
  onChange,
}: {
  definition: unknown;
  editable?: boolean;
  width?: number;
  onChange?: (definition: BoardDefinition) => void;
}) {
  const [saved, setSaved] = useState(definition);
  return (
    <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
      <div style={{ width }}>
        <Board
          definition={saved}
          editable={editable}
          today={TODAY}
          onChange={(next) => {
            setSaved(next);
            onChange?.(next);
          }}
        />
      </div>
    </NativeFrame>
  );
}

const boxes = () =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('.ek-board__cell')].map((cell, i) => {
      const box = cell.getBoundingClientRect();
      return [cell.dataset.widgetId ?? String(i), [box.left, box.top, box.width, box.height].map(Math.round)];
    }),
  );

const ready = (widgets: number, charts: number) =>
  waitFor(
    () => {
      const shown = [...document.querySelectorAll<HTMLElement>('.ek-kpi, .ek-qchart, .ek-qtable')];
      expect(shown).toHaveLength(widgets);
      for (const widget of shown) expect(widget.dataset.state).toBe('ready');
      expect(document.querySelectorAll('.ek-chart__view[data-drawn]')).toHaveLength(charts);
    },
    { timeout: 30_000 },
  );

describe('Board in Chromium', () => {
  it('places each widget by its definition, and nothing moves from the placeholder to the drawn board', async () => {
    await page.viewport(1280, 900);
    render(<OnMock definition={salesBoard()} />);
    // The placeholder's cells, before the board's code (and any data) is there.
    const placeholder = Object.values(boxes());
    expect(placeholder).toHaveLength(8);
    await ready(7, 2);
    const drawn = boxes();
    expect(Object.values(drawn)).toEqual(placeholder.map((box) => expect.arrayContaining(box)));
    // The placeholder's cells come in the same order (reading order) as the board's.
    expect(Object.values(drawn)).toEqual(placeholder);
    // 12 columns of 1,100 px with 12 px gaps; rows of 72 px.
    const column = (1100 - 11 * BOARD_GAP) / 12;
    const [left, top] = drawn.revenue!;
    expect(drawn.orders![0]! - left!).toBeCloseTo(3 * (column + BOARD_GAP), -1);
    expect(drawn.weekly![1]! - top!).toBe(2 * (BOARD_ROW_HEIGHT + BOARD_GAP));
    expect(drawn.weekly![3]).toBe(4 * BOARD_ROW_HEIGHT + 3 * BOARD_GAP);
    // Every widget fits its cell: nothing spills out of it.
    for (const cell of document.querySelectorAll<HTMLElement>('.ek-board__cell')) {
      const box = cell.getBoundingClientRect();
      const inner = cell.querySelector('.ek-board__content > *')!.getBoundingClientRect();
      expect(inner.bottom, cell.dataset.widgetId).toBeLessThanOrEqual(box.bottom + 0.5);
      expect(inner.right, cell.dataset.widgetId).toBeLessThanOrEqual(box.right + 0.5);
    }
    await shot('view-1100');
  });

  it('keeps focus on a widget the keyboard moves to the front of the DOM', async () => {
    const onChange = vi.fn();
    render(<OnMock definition={notesBoard()} editable onChange={onChange} />);
    const owners = await screen.findByRole('group', { name: 'Owners' }, { timeout: 15_000 });
    const order = () =>
      [...document.querySelectorAll<HTMLElement>('.ek-board__cell')].map((cell) => cell.dataset.widgetId);
    expect(order()).toEqual(['goals', 'risks', 'revenue', 'owners']);
    owners.focus();
    await userEvent.keyboard('{ArrowUp}');
    // Owners now reads first: its node moved to the front, and it still has focus; the three
    // it went over are under it, on one row (no hole).
    await waitFor(() => expect(order()).toEqual(['owners', 'goals', 'risks', 'revenue']));
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Owners' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Owners moved to column 1, row 1, swapping places with Goals.',
    );
    const tops = boxes();
    expect(new Set(['goals', 'risks', 'revenue'].map((id) => tops[id]![1])).size).toBe(1);
    expect(tops.goals![1]).toBe(tops.owners![1]! + 2 * (BOARD_ROW_HEIGHT + BOARD_GAP));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Owners' }));
    expect(screen.getByRole('status')).toHaveTextContent('Owners is at the edge of the board.');
    expect(onChange).toHaveBeenCalledTimes(1);
    // Right onto Risks: Goals and Risks trade places.
    screen.getByRole('group', { name: 'Goals' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(order()).toEqual(['owners', 'risks', 'goals', 'revenue']));
    expect(screen.getByRole('status')).toHaveTextContent('Goals moved to column 5, row 3, swapping places with Risks.');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Goals' }));
    await ready(1, 0);
    await shot('edit-keyboard');
  });

  it('moves a widget by dragging its handle, in whole cells', async () => {
    // Wide enough for the whole board: the pointer's path stays on the page.
    await page.viewport(1280, 900);
    const onChange = vi.fn<(definition: BoardDefinition) => void>();
    render(<OnMock definition={notesBoard()} editable onChange={onChange} />);
    await screen.findByRole('group', { name: 'Goals' }, { timeout: 15_000 });
    await ready(1, 0);
    const handle = screen.getByRole('button', { name: 'Move Goals' });
    const grid = document.querySelector<HTMLElement>('.ek-board__grid')!;
    const from = handle.getBoundingClientRect();
    const area = grid.getBoundingClientRect();
    const pitch = (area.width + BOARD_GAP) / 12;
    // Four columns right and two rows down, from the handle's middle: past the middle of
    // Owners (the whole width, under it), so it goes under Owners.
    await userEvent.dragAndDrop(handle, grid, {
      sourcePosition: { x: from.width / 2, y: from.height / 2 },
      targetPosition: {
        x: from.left - area.left + from.width / 2 + 4 * pitch,
        y: from.top - area.top + from.height / 2 + 2 * (BOARD_ROW_HEIGHT + BOARD_GAP),
      },
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const goals = onChange.mock.lastCall![0].widgets.find((w) => w.id === 'goals')!;
    expect(goals.layout).toEqual({ x: 4, y: 4, w: 4, h: 2 });
    expect(within(document.body).getByRole('status')).toHaveTextContent('Goals moved to column 5, row 5.');
    const owners = onChange.mock.lastCall![0].widgets.find((w) => w.id === 'owners')!;
    expect(owners.layout).toEqual({ x: 0, y: 2, w: 12, h: 2 });
    await shot('edit-dragged');
  });

  it('shows one title per widget in edit mode: its own, or its name on its edit strip when it shows none', async () => {
    await page.viewport(1280, 900);
    const board = salesBoard();
    board.widgets.push({
      id: 'bare',
      kind: 'text',
      text: 'A note without a title',
      layout: { x: 8, y: 8, w: 4, h: 2 },
    });
    render(<OnMock definition={board} editable />);
    await ready(7, 2);
    // Each titled widget's heading is the only title it shows (the edit strip has none).
    for (const id of ['revenue', 'orders', 'aov', 'software', 'weekly', 'note', 'regions']) {
      const cell = document.querySelector<HTMLElement>(`[data-widget-id="${id}"]`)!;
      expect(cell.querySelector('.ek-board__bar-name'), id).toBeNull();
      const title = cell.querySelector('h3')!.textContent!;
      expect(title.length, id).toBeGreaterThan(2);
      const titled = [...cell.querySelectorAll('h2, h3, h4, .ek-board__bar, .ek-board__bar-name')].filter((el) =>
        el.textContent!.includes(title),
      );
      expect(titled, `${id}: "${title}" once`).toHaveLength(1);
    }
    expect(document.querySelector('[data-widget-id="software"] h3')).toHaveTextContent('Software revenue');
    // A table's title is its caption, for screen readers: its name is on the strip (once).
    const table = document.querySelector<HTMLElement>('[data-widget-id="countries"]')!;
    expect(table.querySelector('h3')).toBeNull();
    expect(table.querySelector('.ek-board__bar-name')).toHaveTextContent('Table of revenue, orders');
    expect(table.querySelector('caption')).toHaveTextContent('Table of revenue, orders');
    const bare = document.querySelector<HTMLElement>('[data-widget-id="bare"]')!;
    expect(bare.querySelector('.ek-board__bar-name')!.textContent).toBe('Note “A note without a title”');
    await shot('edit-titles');
  });

  it("puts about as many ticks on a wide cell's horizontal bar chart as the chat does (not one per 40 px)", async () => {
    await page.viewport(1280, 900);
    const regions = { measures: ['orders.revenue'], dimensions: ['orders.region'] };
    const definition: BoardDefinition = {
      version: 2,
      title: 'Wide',
      widgets: [{ id: 'wide', kind: 'chart', query: regions, chart: 'bar', layout: { x: 0, y: 0, w: 12, h: 5 } }],
    };
    render(<OnMock definition={definition} width={1200} />);
    await ready(1, 1);
    // The value axis along the bottom: its tick marks are its vertical lines.
    const ticks = () =>
      [...document.querySelectorAll('.ek-chart__view svg .role-axis-tick line')].filter(
        (line) => line.getAttribute('y2') === '5',
      ).length;
    const view = document.querySelector<HTMLElement>('.ek-chart__view')!;
    expect(view.getBoundingClientRect().width).toBeGreaterThan(1000);
    expect(document.querySelector('.ek-chart__canvas')!.getAttribute('data-orientation')).toBe('horizontal');
    const wide = ticks();
    // Vega-Lite's default of one per 40 px gave 33 here ($50K steps).
    expect(wide).toBeGreaterThanOrEqual(4);
    expect(wide).toBeLessThanOrEqual(10);
    await shot('wide-ticks');
    cleanup();
    // The same chart at the chat's width.
    render(<OnMock definition={definition} width={420} />);
    await ready(1, 1);
    const narrow = ticks();
    expect(narrow).toBeGreaterThanOrEqual(3);
    expect(wide - narrow).toBeLessThanOrEqual(4);
  });

  it('stacks in reading order on a phone, each widget as tall as on a wide screen', async () => {
    await page.viewport(390, 844);
    render(<OnMock definition={salesBoard()} width={370} />);
    await ready(7, 2);
    const drawn = boxes();
    for (const [, , width] of Object.values(drawn)) expect(width).toBe(370);
    expect(drawn.weekly![3]).toBe(4 * BOARD_ROW_HEIGHT + 3 * BOARD_GAP);
    await shot('phone');
  });

  it("drills from a board's chart bar, table row and KPI (on by default), and not with drill={false}", async () => {
    const explored = vi.fn();
    const { unmount } = render(
      <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
        <div style={{ width: 1100 }}>
          <Board definition={salesBoard()} today={TODAY} onExplore={explored} />
        </div>
      </NativeFrame>,
    );
    // A table row's menu: "Open in explorer" hands the host the row's question.
    const row = await screen.findAllByRole('button', { name: /^Actions for / }, { timeout: 20_000 });
    await userEvent.click(row[0]!);
    const menu = await screen.findByRole('menu');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Open in explorer' }));
    expect(explored).toHaveBeenCalledTimes(1);
    const state = explored.mock.calls[0]![0] as { filters: { member: string }[] };
    expect(state.filters.map((filter) => filter.member)).toContain('orders.country');
    // A KPI's value and a chart's marks have theirs too.
    expect(
      (await screen.findAllByRole('button', { name: /^Drill into / }, { timeout: 20_000 })).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('.ek-qchart__marks button')).not.toBeNull(), {
      timeout: 20_000,
    });
    unmount();

    render(
      <NativeFrame filters={{ dateRange: LAST_QUARTER, values: {} }}>
        <div style={{ width: 1100 }}>
          <Board definition={salesBoard()} today={TODAY} drill={false} />
        </div>
      </NativeFrame>,
    );
    await waitFor(() => expect(document.querySelectorAll('.ek-qtable tbody tr').length).toBeGreaterThan(1), {
      timeout: 20_000,
    });
    expect(screen.queryAllByRole('button', { name: /^(Actions for|Drill into) / })).toHaveLength(0);
  }, 60_000);
});

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
    // Owners now reads first: its node moved to the front, and it still has focus.
    await waitFor(() => expect(order()).toEqual(['owners', 'goals', 'risks', 'revenue']));
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Owners' }));
    expect(screen.getByRole('status')).toHaveTextContent('Owners moved to column 1, row 2.');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Owners' }));
    expect(onChange).toHaveBeenCalledTimes(2);
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
    // Four columns right and two rows down, from the handle's middle.
    await userEvent.dragAndDrop(handle, grid, {
      sourcePosition: { x: from.width / 2, y: from.height / 2 },
      targetPosition: {
        x: from.left - area.left + from.width / 2 + 4 * pitch,
        y: from.top - area.top + from.height / 2 + 2 * (BOARD_ROW_HEIGHT + BOARD_GAP),
      },
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const goals = onChange.mock.lastCall![0].widgets.find((w) => w.id === 'goals')!;
    expect(goals.layout).toEqual({ x: 4, y: 2, w: 4, h: 2 });
    expect(within(document.body).getByRole('status')).toHaveTextContent('Goals moved to column 5, row 3.');
    await shot('edit-dragged');
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

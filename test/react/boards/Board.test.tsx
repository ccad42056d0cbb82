import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BoardDefinition } from '../../../src/protocol/board/definition';
import { Board } from '../../../src/react/boards';
import { recordBudget } from '../../support/budgets';

// Widgets that need no data (notes, a pinned answer, a kind from a newer version), so the
// board's editing is tested on its own; the native widgets are in the browser tests.
const definition = () => ({
  version: 2,
  title: 'Team notes',
  widgets: [
    { id: 'a', kind: 'text', title: 'Plan', text: 'Ship <b>it</b>', layout: { x: 0, y: 0, w: 6, h: 2 } },
    { id: 'b', kind: 'text', title: 'Risks', text: 'None', layout: { x: 6, y: 0, w: 6, h: 2 } },
    { id: 'c', kind: 'heatmap', title: 'From the future', layout: { x: 0, y: 2, w: 12, h: 3 }, cells: [[1, 2]] },
  ],
});

const cell = (name: string) => screen.getByRole('group', { name });
const status = () => screen.getByRole('status');
const press = (target: HTMLElement, key: string, init: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(target, { key, ...init });
  });

async function editBoard(initial: unknown = definition()) {
  const onChange = vi.fn<(definition: BoardDefinition) => void>();
  const view = render(<Board definition={initial} editable onChange={onChange} />);
  await screen.findByRole('group', { name: 'Plan' });
  return { onChange, view, last: () => onChange.mock.lastCall![0] };
}

describe('Board', () => {
  it('shows notes as plain text and a kind it does not know as "Not supported here"', async () => {
    render(<Board definition={definition()} />);
    expect(await screen.findByText('Ship <b>it</b>')).toBeInTheDocument();
    expect(screen.getByText('Not supported here')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Team notes' })).toBeInTheDocument();
    // View mode: nothing to move, nothing focusable.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('moves the focused widget with the arrow keys, announces it, keeps focus and hands back the definition', async () => {
    const { onChange, last } = await editBoard();
    const plan = cell('Plan');
    plan.focus();
    // Onto the widget beside it: the two swap places (nothing is pushed down a row).
    press(plan, 'ArrowRight');
    expect(status()).toHaveTextContent('Plan moved to column 7, row 1, swapping places with Risks.');
    expect(document.activeElement).toBe(cell('Plan'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last().widgets.map((w) => w.layout)).toEqual([
      { x: 6, y: 0, w: 6, h: 2 },
      { x: 0, y: 0, w: 6, h: 2 },
      { x: 0, y: 2, w: 12, h: 3 },
    ]);
    // Up past the two: it takes the top row and they go under it, the kind from the future
    // keeping every field.
    const future = cell('From the future');
    future.focus();
    press(future, 'ArrowUp');
    expect(status()).toHaveTextContent('From the future moved to column 1, row 1, swapping places with Risks.');
    expect(document.activeElement).toBe(cell('From the future'));
    expect(last().widgets.find((w) => w.id === 'c')).toEqual({
      ...definition().widgets[2],
      layout: { x: 0, y: 0, w: 12, h: 3 },
    });
    expect(last().widgets.map((w) => w.layout.y)).toEqual([3, 3, 0]);
  });

  it('resizes with Shift and the arrows, and says so at the edge', async () => {
    const { last } = await editBoard();
    const risks = cell('Risks');
    risks.focus();
    press(risks, 'ArrowRight', { shiftKey: true });
    // At the right edge a wider widget grows to the left.
    expect(status()).toHaveTextContent('Risks resized to 7 columns by 2 rows.');
    expect(last().widgets.find((w) => w.id === 'b')!.layout).toMatchObject({ x: 5, w: 7 });
    const plan = cell('Plan');
    plan.focus();
    press(plan, 'ArrowLeft');
    expect(status()).toHaveTextContent('Plan is at the edge of the board.');
  });

  it('undoes and redoes by keys and by buttons, announcing what changed', async () => {
    const { last } = await editBoard();
    const plan = cell('Plan');
    plan.focus();
    press(plan, 'ArrowRight');
    press(cell('Plan'), 'z', { ctrlKey: true });
    expect(status()).toHaveTextContent('Undone: Plan moved to column 7, row 1, swapping places with Risks.');
    expect(last().widgets.find((w) => w.id === 'a')!.layout.x).toBe(0);
    expect(document.activeElement).toBe(cell('Plan'));
    press(cell('Plan'), 'z', { metaKey: true, shiftKey: true });
    expect(status()).toHaveTextContent('Redone: Plan moved to column 7, row 1, swapping places with Risks.');
    expect(last().widgets.find((w) => w.id === 'a')!.layout.x).toBe(6);
    const undoButton = screen.getByRole('button', { name: 'Undo' });
    undoButton.focus();
    act(() => undoButton.click());
    expect(last().widgets.find((w) => w.id === 'a')!.layout.x).toBe(0);
    // From the button, focus stays on it.
    expect(document.activeElement).toBe(undoButton);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
  });

  it('removes a widget by Delete or its button; focus goes to the next one; undo brings it back', async () => {
    const { last } = await editBoard();
    const plan = cell('Plan');
    plan.focus();
    press(plan, 'Delete');
    expect(screen.queryByRole('group', { name: 'Plan' })).toBeNull();
    expect(status()).toHaveTextContent('Plan removed. Undo brings it back.');
    expect(document.activeElement).toBe(cell('Risks'));
    expect(last().widgets.map((w) => w.id)).toEqual(['b', 'c']);
    act(() => screen.getByRole('button', { name: 'Remove Risks' }).click());
    expect(last().widgets.map((w) => w.id)).toEqual(['c']);
    press(cell('From the future'), 'z', { ctrlKey: true });
    expect(last().widgets.map((w) => w.id)).toEqual(['b', 'c']);
    expect(document.activeElement).toBe(cell('Risks'));
  });

  it('a bad widget is named by its path, the others show, and it is saved back as it came', async () => {
    const bad = definition();
    const broken = { id: 'd', kind: 'text', text: 'x', layout: { x: 10, y: 0, w: 4, h: 1 } };
    bad.widgets.splice(1, 0, broken as never);
    const { last } = await editBoard(bad);
    expect(screen.getByRole('alert')).toHaveTextContent('One widget of this board could not be shown');
    expect(screen.getByRole('alert')).toHaveTextContent('widgets[1].layout');
    expect(cell('Risks')).toBeInTheDocument();
    const plan = cell('Plan');
    plan.focus();
    press(plan, 'ArrowDown');
    expect(last().widgets[1]).toEqual(broken);
    expect(last().widgets).toHaveLength(4);
  });

  it('a definition with no board to show names the path', async () => {
    render(<Board definition={{ version: 2, title: 'x', widgets: 'none' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This board cannot be shown.*widgets/);
    render(<Board definition={{ version: 99, title: 'x', widgets: [] }} />);
    await waitFor(() => expect(screen.getAllByRole('alert')[1]).toHaveTextContent('version'));
  });

  it('a definition handed back from onChange keeps the history; a new one starts over', async () => {
    const { view, last } = await editBoard();
    const plan = cell('Plan');
    plan.focus();
    press(plan, 'ArrowDown');
    view.rerender(<Board definition={last()} editable />);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    view.rerender(<Board definition={definition()} editable />);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('two boards on a page: each has its own instructions and announcements', async () => {
    render(
      <>
        <Board definition={definition()} editable />
        <Board definition={{ ...definition(), title: 'Second' }} editable />
      </>,
    );
    const plans = await screen.findAllByRole('group', { name: 'Plan' });
    const described = plans.map((plan) => plan.getAttribute('aria-describedby'));
    expect(new Set(described).size).toBe(2);
    for (const id of described) expect(document.getElementById(id!)).toHaveTextContent(/Arrow keys move/);
    plans[1]!.focus();
    press(plans[1]!, 'ArrowDown');
    const [first, second] = screen.getAllByRole('status');
    expect(first).toHaveTextContent('');
    expect(second).toHaveTextContent('Plan moved');
  });
});

describe('Board on the server', () => {
  it('renders the placeholder: the title and a box per widget in its place, in reading order', async () => {
    // A fresh copy of the module: its lazy board not yet loaded, as on a server's first render.
    vi.resetModules();
    const fresh = await import('../../../src/react/boards/Board');
    const { renderToString } = await import('react-dom/server');
    const html = renderToString(<fresh.Board definition={definition()} editable />);
    expect(html).toContain('Team notes');
    const boxes = [...html.matchAll(/data-placeholder="" style="([^"]*)"/g)].map((match) => match[1]);
    expect(boxes).toEqual([
      '--ek-board-x:1;--ek-board-y:1;--ek-board-w:6;--ek-board-h:2',
      '--ek-board-x:7;--ek-board-y:1;--ek-board-w:6;--ek-board-h:2',
      '--ek-board-x:1;--ek-board-y:3;--ek-board-w:12;--ek-board-h:3',
    ]);
    // Add widget, Undo and Redo hold their place, disabled until the board is there.
    expect(html.match(/<button[^>]*disabled/g)).toHaveLength(3);
  });

  it('a streamed render waits for the board, and the browser hydrates it as it is, before and after its code loads', async () => {
    vi.resetModules();
    const server = await import('../../../src/react/boards/Board');
    const { prerender } = await import('react-dom/static');
    const { prelude } = await prerender(<server.Board definition={definition()} editable />);
    const html = await new Response(prelude).text();
    expect(html).toContain('Ship &lt;b&gt;it&lt;/b&gt;');
    expect(html).not.toContain('data-placeholder');
    // The browser's own copy of the module, its board not loaded yet: hydration waits for it.
    vi.resetModules();
    const browser = await import('../../../src/react/boards/Board');
    const { hydrateRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const note = container.querySelector('.ek-board__note-text');
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <browser.Board definition={definition()} editable />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
    await waitFor(() => expect(container.querySelector('button[aria-label^="Remove"]')).not.toBeNull());
    expect(errors).toEqual([]);
    // The server's nodes were kept, not replaced.
    expect(container.querySelector('.ek-board__note-text')).toBe(note);
    act(() => root.unmount());
    container.remove();
  });
});

describe('Board in the browser', () => {
  it('shows the board as its code arrives, not held back by Suspense (React reveals a boundary 300 ms after its fallback at the earliest)', async () => {
    vi.resetModules();
    // The board's code already fetched (as by a second board): only the hand-over is measured.
    await import('../../../src/react/boards/BoardView');
    const fresh = await import('../../../src/react/boards/Board');
    const started = performance.now();
    render(<fresh.Board definition={definition()} />);
    await screen.findByText('Ship <b>it</b>', {}, { interval: 5 });
    // Under 200 ms, held by the budgets run (a busy machine must not fail `npm test`).
    recordBudget({
      id: 'Board shows as its code arrives',
      ms: performance.now() - started,
      budgetMs: 200,
      rerun: { file: 'test/react/boards/Board.test.tsx', project: 'dom', test: 'shows the board as its code arrives' },
    });
  });
});

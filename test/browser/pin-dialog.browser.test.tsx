import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ResultChart } from '../../src';
import type { ChatMessage, ParsedSqlToolCall, SqlResult } from '../../src/protocol';
import { createLocalBoardStore, pinResultAction, type BoardStorage, type BoardStore } from '../../src/react/boards';
import { notesBoard } from '../../stories/Boards/board-definitions';

// "Pin to board…" with real keys (Chromium's own, through the driver): the modal dialog keeps
// Tab inside it, Escape closes it, and focus goes back to the menu's button; a pin's note links
// to the board it went to.

afterEach(cleanup);

const result: SqlResult = {
  sqlQuery: 'SELECT region, SUM(revenue) AS revenue FROM orders GROUP BY region',
  queryTitle: 'Revenue by region',
  columns: [
    { name: 'region', type: 'String', kind: 'string' },
    { name: 'revenue', type: 'Double', kind: 'number' },
  ],
  rows: [
    ['Europe', 10],
    ['Asia', 20],
  ],
  totalRows: 2,
  truncated: false,
};
const call: ParsedSqlToolCall = {
  kind: 'sql',
  name: 'platformSqlApi',
  status: 'done',
  input: undefined,
  error: undefined,
  result,
};
const message = { id: 'answer-1', role: 'assistant' } as ChatMessage;

function memory(): BoardStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

async function setUp(before?: (store: BoardStore) => Promise<unknown>) {
  const store = createLocalBoardStore({ storage: memory() });
  await before?.(store);
  const board = await store.create({ id: 'erin' }, { definition: notesBoard('Planning') });
  const actions = pinResultAction({ store, user: { id: 'erin' }, boardHref: (id) => `/board?id=${id}` })(call, message);
  render(
    <div>
      <button type="button">Before</button>
      <ResultChart result={result} actions={actions} tableOnly />
    </div>,
  );
  const exportButton = await screen.findByRole('button', { name: 'Export' });
  return { store, board, exportButton };
}

async function open(exportButton: HTMLElement) {
  await userEvent.click(exportButton);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin to board…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pin to a board' });
  await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Planning' })).toHaveFocus());
  return dialog;
}

describe('Pin to board…, in Chromium', () => {
  it('keeps Tab inside the modal dialog, and Escape gives focus back to Export', async () => {
    const { exportButton } = await setUp();
    const dialog = await open(exportButton);
    for (let i = 0; i < 8; i++) {
      await userEvent.keyboard('{Tab}');
      expect(dialog.contains(document.activeElement) || document.activeElement === document.body).toBe(true);
      expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Before', hidden: true }));
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(exportButton);
  });

  it('lists the boards the user may save: their own and those shared to edit, not those shared to view', async () => {
    const { exportButton } = await setUp(async (store) => {
      await store.create(
        { id: 'ada' },
        { definition: notesBoard('Ada edits with Erin'), grants: [{ type: 'user', id: 'erin', role: 'edit' }] },
      );
      await store.create(
        { id: 'ada' },
        { definition: notesBoard('Ada shows Erin'), grants: [{ type: 'user', id: 'erin', role: 'view' }] },
      );
    });
    await userEvent.click(exportButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin to board…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pin to a board' }));
    await dialog.findByRole('radio', { name: 'Planning' });
    const listed = dialog
      .getAllByRole('radio')
      .filter((radio) => radio.getAttribute('value') !== 'new')
      .map((radio) => radio.closest('label')!.textContent);
    expect(listed.sort()).toEqual(['Ada edits with Erin', 'Planning']);
    await userEvent.keyboard('{Escape}');
  });

  it('pins to the chosen board by keyboard, and the note that follows links to it', async () => {
    const { store, board, exportButton } = await setUp();
    await open(exportButton);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const link = await screen.findByRole('link', { name: 'Open the board' });
    expect(link).toHaveAttribute('href', `/board?id=${board.id}`);
    expect(link.closest('[aria-live]')).toHaveTextContent('Pinned to “Planning”. Open the board');
    expect(document.activeElement).toBe(exportButton);
    const saved = await store.get({ id: 'erin' }, board.id);
    expect(saved.definition.widgets.at(-1)).toMatchObject({ kind: 'answer', title: 'Revenue by region' });
    // The note stays (it holds a link): still there after the usual 4 s a note shows.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(screen.getByRole('link', { name: 'Open the board' })).toBeInTheDocument();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BoardList, BoardStoreError, type BoardStore } from '../../../src/react/boards';
import { ADA, ELIAS, ERIN, notesGrid, teamStore } from '../../../stories/Boards/team-fixtures';

// The board list over the browser-local store with the team's directory: tabs, names (never
// ids), search, pages by cursor, and create, rename, duplicate, delete with Undo.

/** Erin's boards (one shared with Europe to view), and one of Ada's shared with Erin to edit. */
async function seeded(count = 3) {
  let clock = Date.parse('2026-11-28T08:00:00Z');
  const store = teamStore({ now: () => (clock += 60_000) });
  for (let i = 1; i <= count; i++)
    await store.create(ERIN, {
      definition: notesGrid(1, `Erin board ${i}`),
      grants: i === 1 ? [{ type: 'group', id: 'g-europe', role: 'view' }] : [],
    });
  await store.create(ADA, {
    definition: notesGrid(1, 'Americas pipeline'),
    grants: [{ type: 'user', id: 'u-erin', role: 'edit' }],
  });
  return { store, now: () => clock + 5 * 60_000 };
}

const rows = () =>
  screen.getAllByRole('listitem').map((item) => item.querySelector('.ek-board-list__title')!.textContent);

describe('BoardList', () => {
  it('lists mine and shared with me, with the owner’s name and the last change, never an id', async () => {
    const { store, now } = await seeded();
    render(<BoardList store={store} user={ERIN} now={now} locale="en" />);
    await screen.findByText('Erin board 3');
    expect(rows()).toEqual(['Erin board 3', 'Erin board 2', 'Erin board 1']);
    expect(screen.getAllByText(/^You · Changed \d+ minutes ago by you$/)).toHaveLength(3);
    const shared = screen.getByRole('tab', { name: 'Shared with me' });
    // Arrow keys move between the tabs (and choose).
    screen.getByRole('tab', { name: 'My boards' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(shared).toHaveAttribute('aria-selected', 'true');
    expect(shared).toHaveFocus();
    await screen.findByText('Americas pipeline');
    expect(screen.getByText(/^Ada Lovelace · Changed .* by Ada Lovelace · Can edit$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('u-ada');
    // A shared board can be duplicated, not renamed or deleted.
    expect(screen.getByRole('button', { name: 'Duplicate Americas pipeline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('a viewer sees the owner’s board by its own title and the owner’s name', async () => {
    const { store } = await seeded(1);
    render(<BoardList store={store} user={ELIAS} defaultFilter="shared" />);
    await screen.findByText('Erin board 1');
    expect(screen.getByText(/^Erin Example · Changed .* by Erin Example · Can view$/)).toBeInTheDocument();
    expect(screen.queryByText('My board')).toBeNull();
  });

  it('searches by title, pages by cursor, and says when nothing matches', async () => {
    const { store } = await seeded(5);
    const list = vi.spyOn(store, 'list');
    render(<BoardList store={store} user={ERIN} pageSize={2} />);
    await screen.findByText('Erin board 5');
    expect(rows()).toEqual(['Erin board 5', 'Erin board 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Erin board 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Erin board 1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(list.mock.calls.map(([, query]) => query?.cursor === undefined)).toEqual([true, false, false]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search boards' }), { target: { value: 'board 4' } });
    await waitFor(() => expect(rows()).toEqual(['Erin board 4']));
    expect(list).toHaveBeenLastCalledWith(ERIN, expect.objectContaining({ search: 'board 4', filter: 'mine' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No boards match “nothing like it”')).toBeInTheDocument();
  });

  it('creates, renames, duplicates, and deletes with an Undo that restores', async () => {
    const { store } = await seeded(1);
    const onOpen = vi.fn();
    render(<BoardList store={store} user={ERIN} onOpen={onOpen} />);
    await screen.findByText('Erin board 1');
    fireEvent.click(screen.getByRole('button', { name: 'New board' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveFocus();
    fireEvent.submit(title.closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the board a title');
    fireEvent.change(title, { target: { value: '  Q4   plan ' } });
    fireEvent.submit(title.closest('form')!);
    await screen.findByText('Created “Q4 plan”');
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ title: 'Q4 plan', role: 'owner' }));
    expect(rows()).toEqual(['Q4 plan', 'Erin board 1']);

    fireEvent.click(screen.getByRole('button', { name: 'Rename Q4 plan' }));
    const field = screen.getByRole('textbox', { name: 'New title for Q4 plan' });
    fireEvent.change(field, { target: { value: 'Q4 forecast' } });
    fireEvent.submit(field.closest('form')!);
    await screen.findByText('Renamed to “Q4 forecast”');
    expect((await store.list(ERIN)).boards.map((b) => b.title)).toContain('Q4 forecast');

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Erin board 1' }));
    await screen.findByText('Created “Copy of Erin board 1”');
    expect(rows()).toEqual(['Copy of Erin board 1', 'Q4 forecast', 'Erin board 1']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Q4 forecast' }));
    await screen.findByText('Deleted “Q4 forecast”');
    expect(rows()).toEqual(['Copy of Erin board 1', 'Erin board 1']);
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    fireEvent.click(undo);
    await screen.findByText('Restored “Q4 forecast”');
    expect(rows()).toContain('Q4 forecast');
    expect((await store.list(ERIN, { filter: 'mine' })).boards).toHaveLength(3);
  });

  it('a list the store cannot read says why and tries again', async () => {
    const { store } = await seeded(1);
    const failing: BoardStore = {
      ...store,
      list: vi
        .fn<BoardStore['list']>()
        .mockRejectedValueOnce(new BoardStoreError('unavailable', 'The board service is not answering'))
        .mockImplementation((user, query) => store.list(user, query)),
    };
    render(<BoardList store={failing} user={ERIN} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not list the boards: The board service is not answering');
    fireEvent.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Erin board 1');
  });

  it('an empty tab says what to do', async () => {
    render(<BoardList store={teamStore()} user={ERIN} />);
    expect(await screen.findByText(/You have no boards yet/)).toBeInTheDocument();
  });
});

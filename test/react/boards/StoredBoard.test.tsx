import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardStoreError, type BoardDefinition, type BoardStore, type BoardUser } from '../../../src/protocol/board';
import { createLocalBoardStore, StoredBoard } from '../../../src/react/boards';

const erin: BoardUser = { id: 'erin', groups: ['sales'] };
const elias: BoardUser = { id: 'elias', groups: ['sales'] };
const notes = (): BoardDefinition => ({
  version: 2,
  title: 'Team notes',
  widgets: [
    { id: 'a', kind: 'text', title: 'Plan', text: 'Ship it', layout: { x: 0, y: 0, w: 6, h: 2 } },
    { id: 'b', kind: 'text', title: 'Risks', text: 'None', layout: { x: 6, y: 0, w: 6, h: 2 } },
  ],
});

/** The local store, its saves counted. */
function counted(store: BoardStore = createLocalBoardStore()) {
  const save = vi.spyOn(store, 'save');
  return { store, save };
}

/** Moves a widget by the keyboard (onto the other: they swap places): one edit. */
function move(name: string, key: 'ArrowLeft' | 'ArrowRight', within: HTMLElement = document.body) {
  const cell = within.querySelector<HTMLElement>(`[role="group"][aria-label="${name}"]`)!;
  cell.focus();
  act(() => {
    fireEvent.keyDown(cell, { key });
  });
}

const layoutOf = async (store: BoardStore, user: BoardUser, id: string, widget: string) =>
  (await store.get(user, id)).definition.widgets.find((w) => w.id === widget)!.layout;

describe('StoredBoard', () => {
  beforeEach(() => localStorage.clear());

  it('saves a burst of edits in one request, after the pause, and says so', async () => {
    const { store, save } = counted();
    const { id } = await store.create(erin, { definition: notes() });
    render(<StoredBoard store={store} user={erin} boardId={id} editable saveDelayMs={50} />);
    await screen.findByRole('group', { name: 'Plan' });
    move('Plan', 'ArrowRight');
    move('Plan', 'ArrowLeft');
    move('Plan', 'ArrowRight');
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    await screen.findByText('All changes saved');
    expect(save).toHaveBeenCalledTimes(1);
    expect(await layoutOf(store, erin, id, 'a')).toEqual({ x: 6, y: 0, w: 6, h: 2 });
    expect((await store.get(erin, id)).revision).toBe(2);
    // The store's answer held nothing new: the board is not started over, its undo is kept.
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('two tabs on one board moving different widgets: the later save is merged, and each shows the other’s move', async () => {
    const { id } = await createLocalBoardStore().create(erin, { definition: notes() });
    const tab = () => counted(createLocalBoardStore());
    const [first, second] = [tab(), tab()];
    const a = render(
      <StoredBoard store={first.store} user={erin} boardId={id} editable saveDelayMs={20} pollIntervalMs={40} />,
    );
    const b = render(
      <StoredBoard store={second.store} user={erin} boardId={id} editable saveDelayMs={20} pollIntervalMs={40} />,
    );
    await waitFor(() => expect(document.querySelectorAll('[role="group"][aria-label="Plan"]')).toHaveLength(2));
    // Resized in the first, so the second's move of the other widget is a different change.
    const plan = a.container.querySelector<HTMLElement>('[aria-label="Plan"]')!;
    plan.focus();
    act(() => {
      fireEvent.keyDown(plan, { key: 'ArrowDown', shiftKey: true });
    });
    await within(a.container).findByText('All changes saved', {}, { timeout: 5_000 });
    const risks = b.container.querySelector<HTMLElement>('[aria-label="Risks"]')!;
    risks.focus();
    act(() => {
      fireEvent.keyDown(risks, { key: 'ArrowDown', shiftKey: true });
    });
    await waitFor(
      async () => {
        const record = await first.store.get(erin, id);
        expect(record.definition.widgets.map((w) => w.layout.h)).toEqual([3, 3]);
      },
      { timeout: 5_000 },
    );
    expect(within(b.container).queryByRole('alert')).toBeNull();
    // Each tab shows both resizes, the other's picked up by polling.
    for (const view of [a, b])
      await waitFor(
        () =>
          expect(
            [...view.container.querySelectorAll<HTMLElement>('[data-widget-id]')].map((cell) =>
              cell.style.getPropertyValue('--ek-board-h'),
            ),
          ).toEqual(['3', '3']),
        { timeout: 5_000 },
      );
    // Generous: its waits add up on a busy machine (what it tests is what ends up shown).
  }, 20_000);

  it('a failed save keeps the edit and saves it on "Try again"', async () => {
    const { store, save } = counted();
    const { id } = await store.create(erin, { definition: notes() });
    save.mockRejectedValueOnce(new BoardStoreError('unavailable', 'The database is down'));
    const onError = vi.fn();
    render(<StoredBoard store={store} user={erin} boardId={id} editable saveDelayMs={10} onError={onError} />);
    await screen.findByRole('group', { name: 'Plan' });
    move('Plan', 'ArrowRight');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your change is not saved: The database is down');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unavailable' }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('All changes saved');
    expect(await layoutOf(store, erin, id, 'a')).toEqual({ x: 6, y: 0, w: 6, h: 2 });
  });

  it('a board shared to read shows read-only; one that is not theirs is an error with no contents', async () => {
    const store = createLocalBoardStore();
    const shared = await store.create(erin, { definition: notes(), sharedWith: ['sales'] });
    const own = await store.create(erin, { definition: { ...notes(), title: 'Private' } });
    const view = render(<StoredBoard store={store} user={elias} boardId={shared.id} editable />);
    await screen.findByText('Ship it');
    // Without a directory the owner has no name to show, and never their id.
    expect(screen.getByText('Shared with you by someone: you can view')).toBeInTheDocument();
    expect(screen.queryByText(/erin/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    view.unmount();
    render(<StoredBoard store={store} user={elias} boardId={own.id} editable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not open the board');
    expect(screen.queryByText('Private')).toBeNull();
  });

  it('an edit still waiting when the board goes is saved', async () => {
    const { store, save } = counted();
    const { id } = await store.create(erin, { definition: notes() });
    const view = render(<StoredBoard store={store} user={erin} boardId={id} editable saveDelayMs={60_000} />);
    await screen.findByRole('group', { name: 'Plan' });
    move('Plan', 'ArrowRight');
    view.unmount();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(await layoutOf(store, erin, id, 'a')).toEqual({ x: 6, y: 0, w: 6, h: 2 });
  });

  it("shows the server's record at once (in server-rendered HTML) and reads the store only on a reload", async () => {
    const { store, save } = counted();
    const record = await store.create(erin, { definition: notes() });
    const get = vi.spyOn(store, 'get');
    const html = renderToString(<StoredBoard store={store} user={erin} boardId={record.id} initial={record} />);
    expect(html).toContain('Ship it');
    expect(html).not.toContain('Loading the board');
    render(<StoredBoard store={store} user={erin} boardId={record.id} initial={record} editable saveDelayMs={10} />);
    await screen.findByRole('group', { name: 'Plan' });
    move('Plan', 'ArrowRight');
    await screen.findByText('All changes saved');
    // Saved on top of the server's revision, with no read of its own before it (the local
    // store's save reads the board itself, inside the save).
    expect(save).toHaveBeenCalledTimes(1);
    expect(get.mock.invocationCallOrder.every((order) => order > save.mock.invocationCallOrder[0]!)).toBe(true);
    expect((await store.get(erin, record.id)).revision).toBe(2);
  });
});

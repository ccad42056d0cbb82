import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STORED_BOARD_LABELS, StoredBoard, type BoardStore } from '../../../src/react/boards';
import type * as WidgetContentModule from '../../../src/react/boards/WidgetContent';
import { ADA, ELIAS, ERIN, notesGrid, teamStore, withText } from '../../../stories/Boards/team-fixtures';

// Team editing on one board: others' saves picked up by polling and merged under the user's
// unsaved edit, only the widgets that changed redrawn, a conflict offered with both versions,
// and the roles the store decides.

// Each widget's content counted by its id: what an update from someone else redraws.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../src/react/boards/WidgetContent', async (importOriginal) => {
  const real = await importOriginal<typeof WidgetContentModule>();
  const { memo, createElement } = await import('react');
  const Inner = (real.WidgetContent as unknown as { type: (props: object) => unknown }).type;
  return {
    ...real,
    WidgetContent: memo(function Counted(props: { widget: { id: string } }) {
      renders.set(props.widget.id, (renders.get(props.widget.id) ?? 0) + 1);
      return createElement(Inner as never, props);
    }),
  };
});

afterEach(() => renders.clear());

/** A board of Erin's shared with Europe to view and Ada to edit. */
async function shared(store: BoardStore, count = 24) {
  return store.create(ERIN, {
    definition: notesGrid(count),
    grants: [
      { type: 'group', id: 'g-europe', role: 'view' },
      { type: 'user', id: 'u-ada', role: 'edit' },
    ],
  });
}

const cell = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-widget-id="${id}"]`)!;

// Generous timeouts: their waits add up on a busy machine (what they test is what ends up shown).
describe('team editing', { timeout: 20_000 }, () => {
  it('another person’s save shows within the interval and redraws only the widget they changed', async () => {
    const store = teamStore();
    const board = await shared(store);
    const view = render(<StoredBoard store={store} user={ERIN} boardId={board.id} editable pollIntervalMs={30} />);
    await screen.findByText('Item 24');
    const before = new Map(renders);
    expect(before.size).toBe(24);
    await store.save(ADA, board.id, { definition: withText(board.definition, 'note-7', 'Ada was here'), revision: 1 });
    await within(cell(view.container, 'note-7')).findByText('Ada was here');
    // One widget drew again; the 23 others kept their objects, so their memoised cells did not.
    const redrawn = [...renders].filter(([id, n]) => n !== before.get(id)).map(([id]) => id);
    expect(redrawn).toEqual(['note-7']);
    // Said to a screen reader, with the directory's name.
    expect(await screen.findByText('Updated with Ada Lovelace’s changes')).toBeInTheDocument();
  });

  it('keeps the user’s unsaved edit through another person’s save, and saves both', async () => {
    const store = teamStore();
    const board = await shared(store, 4);
    const view = render(
      <StoredBoard store={store} user={ERIN} boardId={board.id} editable saveDelayMs={400} pollIntervalMs={30} />,
    );
    await screen.findByText('Item 4');
    // Erin widens note 1 (waiting for its pause)…
    const first = cell(view.container, 'note-1');
    first.focus();
    act(() => {
      fireEvent.keyDown(first, { key: 'ArrowDown', shiftKey: true });
    });
    // …while Ada's change to note 3 is saved.
    await store.save(ADA, board.id, { definition: withText(board.definition, 'note-3', 'From Ada'), revision: 1 });
    await within(cell(view.container, 'note-3')).findByText('From Ada');
    expect(cell(view.container, 'note-1').style.getPropertyValue('--ek-board-h')).toBe('3');
    await screen.findByText('All changes saved');
    const saved = await store.get(ERIN, board.id);
    expect(saved.revision).toBe(3);
    expect(saved.definition.widgets.find((w) => w.id === 'note-1')!.layout.h).toBe(3);
    expect(saved.definition.widgets.find((w) => w.id === 'note-3')).toMatchObject({ text: 'From Ada' });
  });

  it('a conflict shows both versions of the widget, and the one chosen is saved', async () => {
    const store = teamStore();
    const board = await shared(store, 4);
    const view = render(
      <StoredBoard store={store} user={ERIN} boardId={board.id} editable saveDelayMs={10} pollIntervalMs={0} />,
    );
    await screen.findByText('Item 4');
    await store.save(ADA, board.id, { definition: withText(board.definition, 'note-2', 'Ada’s text'), revision: 1 });
    // Erin removes the note Ada changed: the same widget on both sides.
    const second = cell(view.container, 'note-2');
    second.focus();
    act(() => {
      fireEvent.keyDown(second, { key: 'Delete' });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ada Lovelace changed something you changed too');
    const choice = view.container.querySelector<HTMLElement>('.ek-board-conflict__item')!;
    expect(within(choice).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Note 2');
    expect(within(choice).getByText('Removed')).toBeInTheDocument();
    expect(within(choice).getByText('Ada’s text')).toBeInTheDocument();
    // The board holds still while the user chooses.
    expect(view.container.querySelector('[data-editable]')).toBeNull();
    fireEvent.click(within(choice).getByRole('button', { name: 'Take theirs: Note 2' }));
    await screen.findByText('All changes saved');
    const saved = await store.get(ERIN, board.id);
    expect(saved.definition.widgets.find((w) => w.id === 'note-2')).toMatchObject({ text: 'Ada’s text' });
    expect(within(cell(view.container, 'note-2')).getByText('Ada’s text')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('roles and sharing', { timeout: 20_000 }, () => {
  it('a viewer reads the owner’s board by its own title and the owner’s name, and saves a copy', async () => {
    const store = teamStore();
    const board = await shared(store, 2);
    const onCopied = vi.fn();
    render(
      <StoredBoard store={store} user={ELIAS} boardId={board.id} editable onCopied={onCopied} pollIntervalMs={0} />,
    );
    expect(await screen.findByRole('heading', { name: 'Team plan', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Shared with you by Erin Example: you can view')).toBeInTheDocument();
    expect(screen.queryByText(/u-erin/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save a copy' }));
    expect(await screen.findByText('Saved as your board “Copy of Team plan”')).toBeInTheDocument();
    const copy = onCopied.mock.calls[0]![0];
    expect(copy).toMatchObject({ ownerId: 'u-elias', role: 'owner', title: 'Copy of Team plan' });
  });

  it('an editor edits but cannot share unless the store allows it', async () => {
    const store = teamStore();
    const board = await shared(store, 2);
    render(<StoredBoard store={store} user={ADA} boardId={board.id} editable pollIntervalMs={0} />);
    expect(await screen.findByText('Shared with you by Erin Example: you can edit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('the owner shares through the dialog: finds a person, gives edit, removes a group, and the line says so', async () => {
    const store = teamStore();
    const board = await store.create(ERIN, {
      definition: notesGrid(2),
      grants: [{ type: 'group', id: 'g-europe', role: 'view' }],
    });
    const share = vi.spyOn(store, 'share');
    render(
      <StoredBoard
        store={store}
        user={ERIN}
        boardId={board.id}
        editable
        pollIntervalMs={0}
        boardHref={(id) => `https://host.example/boards/${id}`}
      />,
    );
    expect(await screen.findByText('Shared with Europe')).toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Share…' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Team plan”' });
    const search = within(dialog).getByRole('combobox', { name: 'Add people or groups' });
    expect(within(dialog).getByRole('textbox', { name: 'Link to this board' })).toHaveValue(
      `https://host.example/boards/${board.id}`,
    );
    fireEvent.change(search, { target: { value: 'ada' } });
    const option = await within(dialog).findByRole('option', { name: /Ada Lovelace/ });
    expect(search).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search).toHaveAttribute('aria-activedescendant', option.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role of Ada Lovelace' }), {
      target: { value: 'edit' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Europe' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shared with Ada Lovelace')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith(ERIN, board.id, [{ type: 'user', id: 'u-ada', role: 'edit' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Ada can now edit it.
    expect((await store.get(ADA, board.id)).role).toBe('edit');
  });

  it('a grant the store refuses keeps the dialog open with the reason', async () => {
    const store = teamStore();
    const board = await store.create(ERIN, { definition: notesGrid(2) });
    vi.spyOn(store, 'share').mockRejectedValueOnce(new Error('You may not share with Americas'));
    render(<StoredBoard store={store} user={ERIN} boardId={board.id} pollIntervalMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'amer' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Americas/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not shared: You may not share with Americas');
    await waitFor(() => expect(screen.getByText('Only you can open this board')).toBeInTheDocument());
  });
});

describe('a hostile directory search', () => {
  it('one that throws or answers something else is a failed search; entries of the wrong shape are dropped', async () => {
    const store = teamStore();
    const board = await store.create(ERIN, { definition: notesGrid(2) });
    const answers: unknown[] = [
      () => {
        throw new Error('boom');
      },
      () => ({ not: 'a list' }),
      () => [
        { type: 'user', id: 'u-x', name: 'Xena Valid' },
        { type: 'admin', id: 'root', name: 'Root' },
        { type: 'user', id: 7, name: 'Number id' },
        null,
        { type: 'group', id: 'g-y', name: 'Y'.repeat(5000) },
      ],
    ];
    let call = 0;
    const searchDirectory = (() => (answers[call++] as () => never)()) as never;
    render(
      <StoredBoard store={store} user={ERIN} boardId={board.id} pollIntervalMs={0} searchDirectory={searchDirectory} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    const dialog = within(await screen.findByRole('dialog'));
    const search = dialog.getByRole('combobox', { name: 'Add people or groups' });
    fireEvent.change(search, { target: { value: 'a' } });
    expect(await dialog.findByText('Could not search: boom')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'ab' } });
    expect(await dialog.findByText(/Could not search: The directory answered something else/)).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'abc' } });
    await dialog.findByRole('option', { name: /Xena Valid/ });
    const options = dialog.getAllByRole('option');
    expect(options).toHaveLength(2);
    // A long name is cut, not laid out whole.
    expect(options[1]!.textContent!.length).toBeLessThan(200);
  });
});

describe('the sharing line', () => {
  it('names those the directory names, and counts the others (never their ids)', () => {
    const { sharedWith } = DEFAULT_STORED_BOARD_LABELS;
    expect(sharedWith(['Europe'], 0)).toBe('Shared with Europe');
    expect(sharedWith(['Europe', 'Ada Lovelace', 'Americas'], 0)).toBe('Shared with Europe, Ada Lovelace and Americas');
    expect(sharedWith(['Europe', 'Ada Lovelace', 'Americas', 'Elias Berg'], 1)).toBe(
      'Shared with Europe, Ada Lovelace, Americas and 2 others',
    );
    expect(sharedWith(['Europe'], 1)).toBe('Shared with Europe and 1 other');
    expect(sharedWith([], 1)).toBe('Shared with 1 person or group');
    expect(sharedWith([], 3)).toBe('Shared with 3 people or groups');
  });
});

describe('revisions announced by the server', () => {
  it('reads the board at once on a newer revision, subscribes once per board, and stops on unmount', async () => {
    const store = teamStore();
    const board = await shared(store, 4);
    const listeners = new Set<(revision: number) => void>();
    const follow = vi.fn((_id: string, onRevision: (revision: number) => void) => {
      listeners.add(onRevision);
      return () => listeners.delete(onRevision);
    });
    const get = vi.spyOn(store, 'get');
    const view = render(
      <StoredBoard
        store={store}
        user={ERIN}
        boardId={board.id}
        pollIntervalMs={0}
        // A new function on every render, as a host writes it.
        followRevision={(id, onRevision) => follow(id, onRevision)}
      />,
    );
    await screen.findByText('Item 4');
    const saved = await store.save(ADA, board.id, {
      definition: withText(board.definition, 'note-4', 'Announced'),
      revision: 1,
    });
    const reads = get.mock.calls.length;
    // An old revision announced (the current one, first) reads nothing.
    act(() => listeners.forEach((listener) => listener(1)));
    expect(get.mock.calls.length).toBe(reads);
    act(() => listeners.forEach((listener) => listener(saved.revision)));
    await within(cell(view.container, 'note-4')).findByText('Announced');
    expect(follow).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(listeners.size).toBe(0);
  });
});

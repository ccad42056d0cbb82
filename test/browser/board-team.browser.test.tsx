import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { BoardList, StoredBoard, type BoardStore } from '../../src/react/boards';
import { ADA, ELIAS, ERIN, notesGrid, teamStore, withText } from '../../stories/Boards/team-fixtures';
import { NativeFrame } from '../../stories/support/native-data';

// Sharing, the list and team editing in Chromium with real keys: the Share dialog keeps Tab
// inside it and gives focus back, the combobox is driven by the keyboard, two people on one
// board see each other's saves within the interval, and a delete is undone from the keyboard.
// VITE_TEAM_SHOTS=<dir> also saves screenshots there to look at.

afterEach(cleanup);
beforeEach(() => page.viewport(1000, 900));

const shot = (name: string) => {
  const dir = import.meta.env.VITE_TEAM_SHOTS as string | undefined;
  return dir ? page.screenshot({ path: `${dir}/${name}.png` }) : null;
};

async function sharedBoard(store: BoardStore, count = 8) {
  return store.create(ERIN, {
    definition: notesGrid(count),
    grants: [
      { type: 'group', id: 'g-europe', role: 'view' },
      { type: 'user', id: 'u-ada', role: 'edit' },
    ],
  });
}

describe('the Share dialog, by keyboard', () => {
  it('finds a person, gives a role, keeps Tab inside, and gives focus back', async () => {
    const store = teamStore();
    const board = await sharedBoard(store);
    render(
      <NativeFrame>
        <div style={{ width: 900 }}>
          <button type="button">Before</button>
          <StoredBoard
            store={store}
            user={ERIN}
            boardId={board.id}
            editable
            pollIntervalMs={0}
            boardHref={(id) => `https://analytics.example/boards/${id}`}
          />
        </div>
      </NativeFrame>,
    );
    await screen.findByText('Shared with Europe and Ada Lovelace');
    await shot('owner');
    const opener = screen.getByRole('button', { name: 'Share…' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Share “Team plan”' }));
    const search = dialog.getByRole('combobox', { name: 'Add people or groups' });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard('Eli');
    await dialog.findByRole('option', { name: /Elias Berg/ });
    await shot('share-search');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await dialog.findByText('Elias Berg');
    await expect.element(search).toHaveValue('');
    // Tab goes round inside the modal dialog, never to the page behind (the body stands for
    // the browser's own controls, between two rounds).
    const inDialog = new Set<Element>();
    for (let i = 0; i < 14; i++) {
      await userEvent.keyboard('{Tab}');
      const at = document.activeElement!;
      expect(at.closest('dialog') !== null || at === document.body).toBe(true);
      if (at !== document.body) inDialog.add(at);
    }
    // Search, Elias's role and Remove, Europe's and Ada's, the link and Copy, Save, Cancel.
    expect(inDialog.size).toBeGreaterThanOrEqual(10);
    await shot('share-dialog');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Role of Elias Berg' }), 'edit');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Shared with Europe, Ada Lovelace and Elias Berg');
    await waitFor(() => expect(opener).toHaveFocus());
    expect((await store.get(ELIAS, board.id)).role).toBe('edit');
    // Escape closes it again, unsaved, with focus back on Share….
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});

describe('two people on one board', () => {
  it('each sees the other’s save within the interval, and a viewer sees both', async () => {
    const store = teamStore();
    const board = await sharedBoard(store);
    const each = (user: typeof ERIN, label: string) => (
      <section aria-label={label} style={{ width: 900 }}>
        <StoredBoard store={store} user={user} boardId={board.id} editable saveDelayMs={50} pollIntervalMs={300} />
      </section>
    );
    render(
      <NativeFrame>
        {each(ERIN, 'Erin')}
        {each(ADA, 'Ada')}
        {each(ELIAS, 'Elias')}
      </NativeFrame>,
    );
    const [erin, ada, elias] = ['Erin', 'Ada', 'Elias'].map((name) => within(screen.getByRole('region', { name })));
    await ada!.findByText('Shared with you by Erin Example: you can edit');
    await elias!.findByText('Shared with you by Erin Example: you can view');
    // Ada resizes note 1 with the keyboard.
    const note = await ada!.findByRole('group', { name: 'Note 1' });
    note.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await ada!.findByText('All changes saved');
    const started = performance.now();
    const height = (view: typeof erin) =>
      view!.getByText('Item 1').closest<HTMLElement>('[data-widget-id]')!.style.getPropertyValue('--ek-board-h');
    await waitFor(() => expect(height(erin)).toBe('3'), { timeout: 5_000 });
    await waitFor(() => expect(height(elias)).toBe('3'), { timeout: 5_000 });
    // Within a few intervals (one to notice, one read), however busy the machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    // Erin's own save of another note reaches Ada.
    await store.save(ERIN, board.id, {
      definition: withText((await store.get(ERIN, board.id)).definition, 'note-5', 'Erin was here'),
      revision: await store.revision(ERIN, board.id),
    });
    await ada!.findByText('Erin was here', {}, { timeout: 5_000 });
    await shot('three-people');
  });
});

describe('a conflict, by keyboard', () => {
  it('shows both versions of the widget, and the one chosen is saved', async () => {
    const store = teamStore();
    const board = await sharedBoard(store, 4);
    render(
      <NativeFrame>
        <div style={{ width: 900 }}>
          <StoredBoard store={store} user={ERIN} boardId={board.id} editable saveDelayMs={50} pollIntervalMs={0} />
        </div>
      </NativeFrame>,
    );
    const note = await screen.findByRole('group', { name: 'Note 2' });
    await store.save(ADA, board.id, { definition: withText(board.definition, 'note-2', 'Ada’s plan'), revision: 1 });
    note.focus();
    await userEvent.keyboard('{Delete}');
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Ada Lovelace changed something you changed too');
    await shot('conflict');
    const take = screen.getByRole('button', { name: 'Take theirs: Note 2' });
    take.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('All changes saved', {}, { timeout: 5_000 });
    expect((await store.get(ERIN, board.id)).definition.widgets.find((w) => w.id === 'note-2')).toMatchObject({
      text: 'Ada’s plan',
    });
    // Focus is not lost to the page's body once the choices go: it is on the widget chosen.
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('[data-widget-id="note-2"]')));
  });
});

describe('the board list, by keyboard', () => {
  it('deletes a board and brings it back with Undo', async () => {
    const store = teamStore();
    for (const title of ['Q3 revenue', 'Churn watch']) await store.create(ERIN, { definition: notesGrid(2, title) });
    render(
      <div style={{ width: 720 }}>
        <BoardList store={store} user={ERIN} href={(board) => `#${board.id}`} />
      </div>,
    );
    const remove = await screen.findByRole('button', { name: 'Delete Q3 revenue' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Deleted “Q3 revenue”');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    await shot('list-undo');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Restored “Q3 revenue”');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Q3 revenue' })).toHaveFocus());
    expect((await store.list(ERIN, { filter: 'mine' })).boards.map((b) => b.title).sort()).toEqual([
      'Churn watch',
      'Q3 revenue',
    ]);
    await shot('list');
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  BoardStoreError,
  createLocalBoardStore,
  StoredBoard,
  type BoardDirectoryEntry,
  type BoardGrantInput,
  type BoardStore,
  type BoardUser,
} from '../../src/react/boards';
import { NativeFrame } from '../support/native-data';
import { ADA, ELIAS, ERIN, notesGrid, teamStore, withText } from './team-fixtures';

// Sharing and team editing on a stored board: who sees what (owner, editor, viewer), the Share
// dialog's states, another person's save arriving, and a conflict with both versions. Each story
// has its own in-memory store with the team's directory (Erin, Elias and Europe, Ada and the
// Americas), so every share, save and conflict is a real store call.

type Args = {
  /** Who opens the board (Erin owns it). */
  user?: BoardUser;
  /** Its grants when it is made. */
  grants?: BoardGrantInput[];
  /** Editors may change the grants too. */
  editorsMayShare?: boolean;
  /** The page's own directory search in place of the store's: none at all, or one that fails. */
  directory?: 'store' | 'none' | 'failing';
  /** The store refuses the next share with this message. */
  refuseShare?: string;
  /** How often the board asks for others' saves, in ms. */
  pollIntervalMs?: number;
};

const EUROPE_VIEWS: BoardGrantInput = { type: 'group', id: 'g-europe', role: 'view' };
const ADA_EDITS: BoardGrantInput = { type: 'user', id: 'u-ada', role: 'edit' };

function TeamBoard({
  user = ERIN,
  grants = [],
  editorsMayShare,
  directory = 'store',
  refuseShare,
  pollIntervalMs,
}: Args) {
  const store = useMemo(() => {
    const inner =
      directory === 'none'
        ? createLocalBoardStore({ storage: memory(), editorsMayShare })
        : teamStore({ editorsMayShare });
    if (!refuseShare) return inner;
    return {
      ...inner,
      share: () => Promise.reject(new BoardStoreError('forbidden', refuseShare)),
    } satisfies BoardStore;
  }, [directory, editorsMayShare, refuseShare]);
  const [id, setId] = useState<string | undefined>();
  useEffect(() => {
    void store.create(ERIN, { definition: notesGrid(6), grants }).then((board) => setId(board.id));
    // Once per store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  if (!id) return null;
  return (
    <NativeFrame>
      <div style={{ width: 900, maxWidth: '100%' }} data-board-id={id}>
        <StoredBoard
          store={store}
          user={user}
          boardId={id}
          editable
          saveDelayMs={200}
          pollIntervalMs={pollIntervalMs ?? 500}
          boardHref={(board) => `https://analytics.example/boards/${board}`}
          searchDirectory={directory === 'failing' ? failingSearch : undefined}
        />
      </div>
      {/* The story's own handle on the store, for a play function acting as someone else. */}
      <StoreHandle store={store} />
    </NativeFrame>
  );
}

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const failingSearch = (): Promise<readonly BoardDirectoryEntry[]> =>
  Promise.reject(new Error('The directory is not answering'));

const stores = new WeakMap<Element, BoardStore>();
function StoreHandle({ store }: { store: BoardStore }) {
  return <span hidden ref={(element) => void (element && stores.set(element, store))} data-store="" />;
}
/** The story's store and board id, to act as another person. */
function storyStore(canvasElement: HTMLElement) {
  const handle = canvasElement.querySelector('[data-store]')!;
  const id = canvasElement.querySelector<HTMLElement>('[data-board-id]')!.dataset.boardId!;
  return { store: stores.get(handle)!, id };
}

const meta = {
  title: 'Boards/Team',
  component: TeamBoard,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TeamBoard>;

export default meta;
type Story = StoryObj<typeof meta>;

const openShare = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Share…' }));
  // The dialog is in the top layer, but in the story's DOM.
  return within(await canvas.findByRole('dialog', {}, { timeout: 5_000 }));
};

/** Erin's board, shared with nobody: it says so, and offers Share…. */
export const OwnerNotShared: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Only you can open this board');
    await expect(canvas.getByRole('button', { name: 'Share…' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Save a copy' })).toBeNull();
  },
};

/** Erin's board, shared with Europe to view and Ada to edit: named as the directory names them. */
export const OwnerShared: Story = {
  args: { grants: [EUROPE_VIEWS, ADA_EDITS] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Shared with Europe and Ada Lovelace');
  },
};

/** The Share dialog as it opens: focus in the search, the grants with their roles, the link. */
export const ShareDialog: Story = {
  args: { grants: [EUROPE_VIEWS, ADA_EDITS] },
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    const search = dialog.getByRole('combobox', { name: 'Add people or groups' });
    await waitFor(() => expect(search).toHaveFocus());
    await expect(dialog.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveValue('edit');
    await expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Link to this board' }).value).toMatch(
      /^https:\/\/analytics\.example\/boards\//,
    );
    await expect(dialog.getByText('Owner: Erin Example')).toBeVisible();
  },
};

/** Typing finds people and groups; arrows choose, Enter adds as a viewer. */
export const ShareDialogSearch: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    const search = dialog.getByRole('combobox');
    await userEvent.type(search, 'e');
    await dialog.findByRole('option', { name: /Elias Berg/ });
    // Erin owns it: not offered.
    await expect(dialog.queryByRole('option', { name: /Erin Example/ })).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    await expect(search).toHaveAttribute('aria-activedescendant', dialog.getAllByRole('option')[0]!.id);
    await dialog.findByText(/\d+ match/);
  },
};

/** Added, made an editor, saved: the board says so. */
export const ShareDialogSaved: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await userEvent.type(dialog.getByRole('combobox'), 'Ada');
    await dialog.findByRole('option', { name: /Ada Lovelace/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Role of Ada Lovelace' }), 'edit');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const canvas = within(canvasElement);
    await canvas.findByText('Shared with Ada Lovelace');
    // Focus back on the button that opened it.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Share…' })).toHaveFocus());
  },
};

/** Nobody matches. */
export const ShareDialogNoneFound: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await userEvent.type(dialog.getByRole('combobox'), 'zzz');
    await dialog.findByText('No one found');
  },
};

/** The page's directory search failed: said, and the dialog still works. */
export const ShareDialogSearchFailed: Story = {
  args: { directory: 'failing' },
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await userEvent.type(dialog.getByRole('combobox'), 'Ada');
    await dialog.findByText('Could not search: The directory is not answering');
  },
};

/** A store without a directory: the search is off, and the dialog says why. */
export const ShareDialogNoDirectory: Story = {
  args: { directory: 'none', grants: [EUROPE_VIEWS] },
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await expect(dialog.getByRole('combobox', { name: 'Add people or groups' })).toBeDisabled();
    await expect(dialog.getByText(/No directory to search here/)).toBeVisible();
    // Not in the directory: never shown by its id.
    await expect(dialog.getByText('Someone not in your directory')).toBeVisible();
  },
};

/** The store (the host's share rule) refused: the reason, and the dialog stays open. */
export const ShareDialogRefused: Story = {
  args: { refuseShare: 'You may not share with Americas' },
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await userEvent.type(dialog.getByRole('combobox'), 'Amer');
    await dialog.findByRole('option', { name: /Americas/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Not shared: You may not share with Americas');
  },
};

/** Escape closes the list first, then the dialog; focus goes back to Share…. */
export const ShareDialogEscape: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openShare(canvasElement);
    await userEvent.type(dialog.getByRole('combobox'), 'e');
    await dialog.findByRole('option', { name: /Elias/ });
    await userEvent.keyboard('{Escape}');
    await expect(dialog.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Escape}');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Share…' })).toHaveFocus();
  },
};

/** Elias views Erin's board: her name (never her id), read-only, Save a copy. */
export const Viewer: Story = {
  args: { user: ELIAS, grants: [EUROPE_VIEWS] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Shared with you by Erin Example: you can view');
    await expect(canvas.getByRole('heading', { name: 'Team plan', level: 2 })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Share…' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Undo' })).toBeNull();
  },
};

/** Elias saved a copy: his own board now, linked. */
export const ViewerSavedCopy: Story = {
  args: { user: ELIAS, grants: [EUROPE_VIEWS] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save a copy' }));
    await expect(await canvas.findByRole('link', { name: 'Saved as your board “Copy of Team plan”' })).toBeVisible();
  },
};

/** Ada edits Erin's board; she may not share it. */
export const Editor: Story = {
  args: { user: ADA, grants: [ADA_EDITS] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Shared with you by Erin Example: you can edit');
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Share…' })).toBeNull();
  },
};

/** Where the store lets editors share, Ada gets Share… too. */
export const EditorMayShare: Story = {
  args: { user: ADA, grants: [ADA_EDITS], editorsMayShare: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Share…' });
  },
};

/** Ada saves while Erin has the board open: Erin's board shows it within the interval, and says so. */
export const OthersChangeArrives: Story = {
  args: { grants: [ADA_EDITS] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Item 6');
    const { store, id } = storyStore(canvasElement);
    const board = await store.get(ADA, id);
    await store.save(ADA, id, {
      definition: withText(board.definition, 'note-2', 'Ada: shipped'),
      revision: board.revision,
    });
    await canvas.findByText('Ada: shipped', {}, { timeout: 5_000 });
    await canvas.findByText('Updated with Ada Lovelace’s changes');
  },
};

/** Ada changed a note Erin removed: both versions of it, to choose from; the board holds still. */
export const ConflictBothVersions: Story = {
  args: { grants: [ADA_EDITS], pollIntervalMs: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Item 6');
    const { store, id } = storyStore(canvasElement);
    const board = await store.get(ADA, id);
    await store.save(ADA, id, {
      definition: withText(board.definition, 'note-2', 'Ada: shipped'),
      revision: board.revision,
    });
    const note = await canvas.findByRole('group', { name: 'Note 2' });
    note.focus();
    await userEvent.keyboard('{Delete}');
    const alert = await canvas.findByRole('alert', {}, { timeout: 5_000 });
    await expect(alert).toHaveTextContent('Ada Lovelace changed something you changed too');
    await expect(canvas.getByRole('button', { name: 'Keep mine: Note 2' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take theirs: Note 2' })).toBeVisible();
    await expect(canvas.getByText('Ada: shipped')).toBeVisible();
  },
};

/** The conflict settled with Ada's version: saved, and the note is back with her text. */
export const ConflictSettled: Story = {
  args: ConflictBothVersions.args,
  play: async (context) => {
    await ConflictBothVersions.play!(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Take theirs: Note 2' }));
    await canvas.findByText('All changes saved', {}, { timeout: 5_000 });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('Ada: shipped')).toBeVisible();
  },
};

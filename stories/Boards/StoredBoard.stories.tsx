import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  BoardStoreError,
  createLocalBoardStore,
  StoredBoard,
  type BoardStore,
  type BoardUser,
} from '../../src/react/boards';
import { NativeFrame } from '../support/native-data';
import { notesBoard } from './board-definitions';

// A board kept in a store: the browser-local store over an in-memory storage (each story its
// own), so a story's saves, conflicts and failures are real store calls and leave nothing behind.

const ERIN: BoardUser = { id: 'erin', groups: ['sales'] };
const ELIAS: BoardUser = { id: 'elias', groups: ['sales'] };

/** A local store over a Map, not the page's localStorage. */
function memoryStore(): BoardStore {
  const items = new Map<string, string>();
  return createLocalBoardStore({
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
  });
}

type Args = {
  /** What to do to the store before the board opens. */
  setup?: (store: BoardStore) => Promise<string>;
  user?: BoardUser;
  /** Two tabs on the one board. */
  tabs?: 1 | 2;
  /** The store's next save fails with this. */
  failNextSave?: boolean;
};

const create = (shared: boolean) => (store: BoardStore) =>
  store.create(ERIN, { definition: notesBoard(), sharedWith: shared ? ['sales'] : [] }).then((board) => board.id);

function StoredOnMemory({ setup = create(false), user = ERIN, tabs = 1, failNextSave }: Args) {
  const store = useMemo(() => {
    const inner = memoryStore();
    if (!failNextSave) return inner;
    let failed = false;
    return {
      ...inner,
      save: (...args: Parameters<BoardStore['save']>) => {
        if (failed) return inner.save(...args);
        failed = true;
        return Promise.reject(new BoardStoreError('unavailable', 'The board service is not answering'));
      },
    } satisfies BoardStore;
  }, [failNextSave]);
  const [id, setId] = useState<string | undefined>();
  // Once per store (the setup is read when the story opens).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void setup(store).then(setId, () => setId('missing')), [store]);
  if (!id) return null;
  return (
    // Inside the data path, as every board is (its widgets may ask the semantic layer).
    <NativeFrame>
      <div style={{ display: 'grid', gap: 24, width: 900, maxWidth: '100%' }}>
        {Array.from({ length: tabs }, (_, tab) => (
          <section key={tab} aria-label={tabs > 1 ? `Tab ${tab + 1}` : undefined}>
            <StoredBoard store={store} user={user} boardId={id} editable saveDelayMs={200} />
          </section>
        ))}
      </div>
    </NativeFrame>
  );
}

const meta = {
  title: 'Boards/StoredBoard',
  component: StoredOnMemory,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof StoredOnMemory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Moves the first widget of `root` right once, by the keyboard (it swaps places with Risks). */
async function moveFirst(root: HTMLElement) {
  const cell = (await within(root).findAllByRole('group', { name: 'Goals' }))[0]!;
  cell.focus();
  await userEvent.keyboard('{ArrowRight}');
}

/** Each edit is saved after a pause, and the status line says so. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await moveFirst(canvasElement);
    await expect(canvas.getByText('Saving…')).toBeVisible();
    await canvas.findByText('All changes saved', {}, { timeout: 5_000 });
  },
};

/**
 * Two tabs on one board: the second saves from an old revision and the store merges it (the
 * same widget moved in both: places never conflict); no alert, both tabs show the board as saved.
 * A conflict of contents is in Boards/Team.
 */
export const TwoTabsMerged: Story = {
  args: { tabs: 2 },
  // The two "tabs" are one board twice on one page (two regions of one name); in a browser
  // they are two pages.
  parameters: { a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findAllByText('All changes saved');
    const [first, second] = [...canvasElement.querySelectorAll<HTMLElement>('section[aria-label^="Tab"]')];
    await moveFirst(first!);
    await within(first!).findByText('All changes saved', {}, { timeout: 5_000 });
    await moveFirst(second!);
    await within(second!).findByText('All changes saved', {}, { timeout: 5_000 });
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** A save the store refused: the edit stays, "Try again" saves it. */
export const SaveFailed: Story = {
  args: { failNextSave: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await moveFirst(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5_000 });
    await expect(alert).toHaveTextContent('Your change is not saved: The board service is not answering');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await canvas.findByText('All changes saved');
  },
};

/** A board shared with Elias's group: shown, not editable, and said so. */
export const SharedToView: Story = {
  args: { setup: create(true), user: ELIAS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Shared with you by someone: you can view');
    await expect(canvas.queryByRole('button', { name: /Undo/ })).toBeNull();
  },
};

/** A board that is not Elias's to see: an error, with nothing of it shown. */
export const NotFound: Story = {
  args: { user: ELIAS },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not open the board');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

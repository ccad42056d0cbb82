import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BoardList, BoardStoreError, type BoardStore, type BoardUser } from '../../src/react/boards';
import { ADA, ELIAS, ERIN, notesGrid, teamStore } from './team-fixtures';

// The board list's states: mine and shared with me (names from the directory, never ids),
// empty, loading, failed, pages, search without a match, the forms, and a delete with Undo.
// Each story has its own in-memory store with the team's directory and a fixed clock.

type Args = {
  user?: BoardUser;
  /** Erin's boards made first. */
  boards?: number;
  /** Boards per page. */
  pageSize?: number;
  defaultFilter?: 'mine' | 'shared';
  /** The store's list never answers, or fails. */
  list?: 'ok' | 'pending' | 'failing';
};

const START = Date.parse('2026-11-28T08:00:00Z');

function ListOnMemory({ user = ERIN, boards = 4, pageSize, defaultFilter, list = 'ok' }: Args) {
  const [store, setStore] = useState<BoardStore | undefined>();
  const ready = useMemo(() => seeded(boards, list), [boards, list]);
  useEffect(() => void ready.then(setStore), [ready]);
  if (!store) return null;
  return (
    <div style={{ width: 720, maxWidth: '100%' }}>
      <BoardList
        store={store}
        user={user}
        pageSize={pageSize}
        defaultFilter={defaultFilter}
        locale="en"
        now={() => START + 6 * 3600_000}
        href={(board) => `#board-${board.id}`}
      />
    </div>
  );
}

/** A store with Erin's `boards` and one of Ada's shared with Erin and Europe. */
async function seeded(boards: number, list: Args['list']): Promise<BoardStore> {
  let clock = START;
  const inner = teamStore({ now: () => (clock += 37 * 60_000) });
  for (let i = 1; i <= boards; i++)
    await inner.create(ERIN, {
      definition: notesGrid(
        2,
        ['Q3 revenue', 'Churn watch', 'Europe pipeline', 'Pricing tests'][i - 1] ?? `Board ${i}`,
      ),
      grants: i === 1 ? [{ type: 'group', id: 'g-europe', role: 'view' }] : [],
    });
  await inner.create(ADA, {
    definition: notesGrid(2, 'Americas forecast'),
    grants: [
      { type: 'user', id: 'u-erin', role: 'edit' },
      { type: 'group', id: 'g-europe', role: 'view' },
    ],
  });
  if (list === 'ok') return inner;
  return {
    ...inner,
    list:
      list === 'pending'
        ? () => new Promise<never>(() => {})
        : () => Promise.reject(new BoardStoreError('unavailable', 'The board service is not answering')),
  } satisfies BoardStore;
}

const meta = {
  title: 'Boards/BoardList',
  component: ListOnMemory,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ListOnMemory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Erin's own boards: title, owner, last change; rename, duplicate, delete. */
export const Mine: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Q3 revenue' });
    await expect(canvas.getByRole('tab', { name: 'My boards' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('button', { name: 'Delete Q3 revenue' })).toBeVisible();
  },
};

/** Boards others shared with Erin: the owner's name and Erin's role. */
export const SharedWithMe: Story = {
  args: { defaultFilter: 'shared' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Americas forecast' });
    await expect(canvas.getByText(/^Ada Lovelace · .* · Can edit$/)).toBeVisible();
  },
};

/** Elias, who owns nothing, sees Erin's and Ada's boards shared with Europe under their names. */
export const ViewerShared: Story = {
  args: { user: ELIAS, defaultFilter: 'shared' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Q3 revenue' });
    await expect(canvas.getByText(/^Erin Example · .* · Can view$/)).toBeVisible();
    await expect(canvas.queryByText(/u-erin/)).toBeNull();
  },
};

/** Nothing yet: what to do. */
export const Empty: Story = {
  args: { user: ELIAS },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/You have no boards yet/);
  },
};

/** The first page on its way. */
export const Loading: Story = {
  args: { list: 'pending' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Loading boards…');
  },
};

/** The store failed: why, and Try again. */
export const Failed: Story = {
  args: { list: 'failing' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not list the boards: The board service is not answering');
  },
};

/** Pages of two: "Show more" asks for the next by the store's cursor. */
export const Pages: Story = {
  args: { pageSize: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Pricing tests' });
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await canvas.findByRole('link', { name: 'Churn watch' });
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
  },
};

/** A search nothing matches. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Q3 revenue' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search boards' }), 'forecast 2030');
    await canvas.findByText('No boards match “forecast 2030”');
  },
};

/** New board: the form, its field focused. */
export const NewBoardForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New board' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveFocus());
  },
};

/** Rename: the row's form, its title selected to replace. */
export const RenameForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename Churn watch' }));
    await expect(canvas.getByRole('textbox', { name: 'New title for Churn watch' })).toHaveValue('Churn watch');
  },
};

/** Deleted, with Undo focused; Undo brings it back. */
export const DeleteWithUndo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Churn watch' }));
    await canvas.findByText('Deleted “Churn watch”');
    await expect(canvas.queryByRole('link', { name: 'Churn watch' })).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Undo' })).toHaveFocus());
  },
};

/** Undo pressed: restored, and focus on it. */
export const Restored: Story = {
  play: async (context) => {
    await DeleteWithUndo.play!(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await canvas.findByText('Restored “Churn watch”');
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Churn watch' })).toHaveFocus());
  },
};

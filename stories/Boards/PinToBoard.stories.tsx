import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ResultChart } from '../../src';
import type { ChatMessage, ParsedSqlToolCall, SqlResult } from '../../src/protocol';
import {
  BoardStoreError,
  createLocalBoardStore,
  pinResultAction,
  type BoardStore,
  type BoardUser,
} from '../../src/react/boards';
import { sqlResultFor } from '../support/mock-results';
import { notesBoard } from './board-definitions';

// "Pin to board…" on a chat answer's Export menu, with the host's board store: a dialog lists
// the user's own boards (not those shared with them) and a new one to make; the note after a
// pin names the board and links to it. The store is the browser-local one over a Map, each
// story its own, so every pin is a real store call.

const ERIN: BoardUser = { id: 'erin', groups: ['sales'] };
const message = { id: 'answer-1', role: 'assistant' } as ChatMessage;

type Setup = 'boards' | 'none' | 'list-fails-once' | 'list-hangs' | 'save-refused';

/** A store over a Map, with Erin's two boards and one Elias shares with her group, as `setup` says. */
function storeFor(setup: Setup): BoardStore {
  const items = new Map<string, string>();
  const inner = createLocalBoardStore({
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
  });
  const seeded =
    setup === 'none'
      ? Promise.resolve()
      : (async () => {
          await inner.create(ERIN, { definition: notesBoard('Planning') });
          await inner.create({ id: 'elias' }, { definition: notesBoard('Elias’s board'), sharedWith: ['sales'] });
          await inner.create(ERIN, { definition: notesBoard('Sales overview') });
        })();
  let failures = setup === 'list-fails-once' ? 1 : 0;
  return {
    ...inner,
    list: async (user) => {
      await seeded;
      if (setup === 'list-hangs') return new Promise(() => {});
      if (failures-- > 0) throw new BoardStoreError('unavailable', 'The board service is not answering');
      return inner.list(user);
    },
    save: (...args) =>
      setup === 'save-refused'
        ? Promise.reject(new BoardStoreError('read-only', 'This board is shared with you to view'))
        : inner.save(...args),
  };
}

type Args = { setup: Setup };

function PinOnAnswer({ setup, result }: Args & { result: SqlResult }) {
  const store = useMemo(() => storeFor(setup), [setup]);
  const actions = useMemo(() => {
    const call: ParsedSqlToolCall = {
      kind: 'sql',
      name: 'platformSqlApi',
      status: 'done',
      input: undefined,
      error: undefined,
      result,
    };
    return pinResultAction({ store, user: ERIN, boardHref: (id) => `#/board/${encodeURIComponent(id)}` })(
      call,
      message,
    );
  }, [store, result]);
  return (
    <div style={{ maxWidth: 640 }}>
      <ResultChart result={result} actions={actions} />
    </div>
  );
}

const meta = {
  title: 'Boards/Pin to board',
  component: PinOnAnswer,
  parameters: { layout: 'padded' },
  loaders: [async () => ({ result: await sqlResultFor('Revenue by region') })],
  render: (args, { loaded }) => <PinOnAnswer {...args} result={(loaded as { result: SqlResult }).result} />,
  args: { setup: 'boards', result: undefined as unknown as SqlResult },
} satisfies Meta<typeof PinOnAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens Export, then "Pin to board…": the dialog. */
async function openDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
  await userEvent.click(await canvas.findByRole('menuitem', { name: 'Pin to board…' }));
  return canvas.findByRole('dialog', { name: 'Pin to a board' }, { timeout: 10_000 });
}

/**
 * The user's boards, most recently changed first and chosen (not the board shared with them):
 * another chosen by keyboard, pinned, and the note links to it; focus is back on Export.
 */
export const ChooseBoard: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const board = within(dialog);
    await expect(board.getByText('Revenue by region')).toBeVisible();
    const sales = await board.findByRole('radio', { name: 'Sales overview' }, { timeout: 10_000 });
    await expect(sales).toBeChecked();
    await expect(board.getByRole('radio', { name: 'Planning' })).not.toBeChecked();
    await expect(board.queryByRole('radio', { name: 'Elias’s board' })).toBeNull();
    sales.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(board.getByRole('radio', { name: 'Planning' })).toBeChecked();
    await userEvent.click(board.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const note = canvasElement.querySelector<HTMLElement>('.ek-chart__status')!;
    await expect(note).toHaveTextContent('Pinned to “Planning”. Open the board');
    await expect(within(note).getByRole('link', { name: 'Open the board' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^#\/board\//),
    );
    await expect(within(canvasElement).getByRole('button', { name: 'Export' })).toHaveFocus();
  },
};

/**
 * No boards yet: "A new board" is chosen; with no title the dialog says so at the field; with
 * one, the board is made with the answer on it.
 */
export const NewBoard: Story = {
  args: { setup: 'none' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const board = within(dialog);
    await waitFor(() => expect(board.getByRole('radio', { name: 'A new board' })).toBeChecked(), { timeout: 10_000 });
    await userEvent.click(board.getByRole('button', { name: 'Pin' }));
    const title = board.getByRole('textbox', { name: 'Title of the new board' });
    await expect(board.getByRole('alert')).toHaveTextContent('Give the new board a title.');
    await expect(title).toHaveFocus();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(title, 'Regions');
    await userEvent.keyboard('{Enter}');
    await waitFor(
      () => expect(canvasElement.querySelector('.ek-chart__status')).toHaveTextContent('Pinned to “Regions”.'),
      {
        timeout: 10_000,
      },
    );
  },
};

/** The boards could not be read: said in the dialog, with Try again (which reads them). */
export const BoardsCannotLoad: Story = {
  args: { setup: 'list-fails-once' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const board = within(dialog);
    const alert = await board.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Could not load your boards: The board service is not answering');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await board.findByRole('radio', { name: 'Sales overview' }, { timeout: 10_000 })).toBeChecked();
  },
};

/** While the boards are read (here, forever): said, and Escape closes the dialog. */
export const LoadingBoards: Story = {
  args: { setup: 'list-hangs' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your boards…');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button', { name: 'Export' })).toHaveFocus();
  },
};

/** The store refused the pin: said in the dialog, which stays open with the choice; Cancel closes it. */
export const PinRefused: Story = {
  args: { setup: 'save-refused' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const board = within(dialog);
    await board.findByRole('radio', { name: 'Sales overview' }, { timeout: 10_000 });
    await userEvent.click(board.getByRole('button', { name: 'Pin' }));
    await expect(await board.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Could not pin: This board is shared with you to view',
    );
    await expect(board.getByRole('radio', { name: 'Sales overview' })).toBeChecked();
    await userEvent.click(board.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(canvasElement.querySelector('.ek-chart__status')).toHaveTextContent('');
  },
};

/** The dialog in the dark theme, on a phone's width. */
export const DarkPhone: Story = {
  globals: { theme: 'Dark', viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await within(dialog).findByRole('radio', { name: 'Sales overview' }, { timeout: 10_000 });
  },
};

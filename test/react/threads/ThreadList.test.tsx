// <ThreadList> with a chat (issue 20, point 2): keyboard, rename, delete with undo, and
// switching threads, each loaded again by its chatId from the mock.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY, type MockService } from '../../../src/mock';
import { chatStreamUrl } from '../../../src/protocol';
import {
  AgentChat,
  ThreadList,
  useThreadList,
  type ChatTransport,
  type ThreadListProps,
  type ThreadRecord,
  type ThreadStore,
} from '../../../src';

const URL_ = chatStreamUrl({
  origin: 'http://mock.test',
  cloudRegion: 'aws-us-east-1',
  accountName: 'acme',
  agentId: 'analyst',
});

function service() {
  const mock = createMockService();
  const bodies: Record<string, unknown>[] = [];
  const transport: ChatTransport = {
    url: URL_,
    fetch: async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return mock.fetch(input, init);
    },
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'tl-user' },
  };
  return { mock, bodies, transport };
}

/** Threads the mock has, listed as `Thread a`, `Thread b`, … (most recent first). */
async function threadsAt(mock: MockService, ...names: string[]) {
  const records: ThreadRecord[] = [];
  for (const [i, name] of names.entries()) {
    records.push(record(await answered(mock, `Question ${name}`), `Thread ${name}`, i * 1000));
  }
  return memoryStore(records);
}

/** A thread answered at the mock (as on an earlier visit). */
async function answered(mock: MockService, input: string) {
  const response = await mock.fetch(URL_, {
    method: 'POST',
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    body: JSON.stringify({ input, sessionSettings: { externalId: 'tl-user' } }),
  });
  return (JSON.parse((await response.text()).split('\n')[0]!) as { state: { chatId: string } }).state.chatId;
}

function memoryStore(threads: ThreadRecord[]): ThreadStore & { threads: ThreadRecord[] } {
  const store = {
    threads,
    list: () => store.threads,
    save: (t: ThreadRecord) => void (store.threads = [t, ...store.threads.filter((x) => x.chatId !== t.chatId)]),
    remove: (chatId: string) => void (store.threads = store.threads.filter((x) => x.chatId !== chatId)),
  };
  return store;
}

function App({
  store,
  transport,
  ...props
}: { store: ThreadStore; transport: ChatTransport } & Partial<ThreadListProps>) {
  const list = useThreadList({ store });
  return (
    <>
      <ThreadList list={list} {...props} />
      <AgentChat transport={transport} {...list.chatProps} />
    </>
  );
}

const now = Date.now();
const record = (chatId: string, title: string, ago: number): ThreadRecord => ({
  chatId,
  title,
  createdAt: now - ago,
  updatedAt: now - ago,
});
const nav = () => screen.getByRole('navigation');
const rows = () =>
  within(nav())
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!);
const row = (title: string) => within(nav()).getByRole('button', { name: new RegExp(`^${title}`) });

beforeEach(() => localStorage.clear());

describe('<ThreadList>', () => {
  it('switching threads loads each by its chatId; "New chat" starts anew; the current one is aria-current', async () => {
    const { mock, bodies, transport } = service();
    const a = await answered(mock, 'Revenue by region');
    const b = await answered(mock, 'Orders over time');
    const store = memoryStore([record(a, 'Revenue by region', 60_000), record(b, 'Orders over time', 3_600_000)]);
    render(<App store={store} transport={transport} />);
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(2);
    expect(row('Revenue by region')).toHaveTextContent('1 minute ago');
    expect(row('Orders over time')).toHaveTextContent('1 hour ago');

    await userEvent.click(row('Orders over time'));
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log).toHaveTextContent('Orders over time'));
    expect(bodies.at(-1)).toEqual({ chatId: b, sessionSettings: { externalId: 'tl-user' } });
    expect(row('Orders over time')).toHaveAttribute('aria-current', 'true');

    await userEvent.click(row('Revenue by region'));
    await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent('Revenue by region'));
    expect(screen.getByRole('log')).not.toHaveTextContent('Orders over time');
    expect(bodies.at(-1)).toMatchObject({ chatId: a });
    expect(row('Revenue by region')).toHaveAttribute('aria-current', 'true');
    expect(row('Orders over time')).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(screen.queryByRole('log')).toBeNull());
    expect(screen.getByText('Ask a question about your data')).toBeInTheDocument();
    expect(nav.querySelector('[aria-current]')).toBeNull();
    expect(mock.turns()).toHaveLength(2); // loading threads asked nothing

    // A question in the new chat makes a thread titled by it, at the top, current.
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask a question' }), 'Top 5 customers by revenue{Enter}');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Top 5 customers by revenue'));
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    expect(store.threads[0]!.title).toBe('Top 5 customers by revenue');
  });

  it('one tab stop; Up/Down/Home/End move between rows; Tab reaches its labelled actions', async () => {
    const { mock, transport } = service();
    const store = await threadsAt(mock, 'a', 'b', 'c');
    render(<App store={store} transport={transport} />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows().map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.tab(); // New chat
    expect(screen.getByRole('button', { name: 'New chat' })).toHaveFocus();
    await userEvent.tab();
    expect(row('Thread a')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(row('Thread b')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(row('Thread c')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}'); // stays at the end
    expect(row('Thread c')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(row('Thread a')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(rows().map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Rename “Thread b”' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete “Thread b”' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(row('Thread a')).toHaveFocus();
    // Enter opens the thread.
    await userEvent.keyboard('{Enter}');
    expect(row('Thread a')).toHaveAttribute('aria-current', 'true');
  });

  it('rename inline: F2 or the button; Enter saves, Escape cancels; focus returns to the row', async () => {
    const { transport } = service();
    const store = memoryStore([record('chat_a', 'Revenue by region', 1000)]);
    render(<App store={store} transport={transport} />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    row('Revenue by region').focus();
    await userEvent.keyboard('{F2}');
    const field = screen.getByRole('textbox', { name: 'Conversation title' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Revenue by region');
    await userEvent.keyboard('{Control>}a{/Control}Regions 2026{Escape}');
    expect(row('Revenue by region')).toHaveFocus();
    expect(store.threads[0]!.title).toBe('Revenue by region');

    await userEvent.click(screen.getByRole('button', { name: 'Rename “Revenue by region”' }));
    await userEvent.keyboard('{Control>}a{/Control}Regions 2026{Enter}');
    expect(row('Regions 2026')).toHaveFocus();
    expect(store.threads[0]!.title).toBe('Regions 2026');
    // An empty title is refused.
    await userEvent.keyboard('{F2}{Control>}a{/Control}{Backspace}{Enter}');
    expect(row('Regions 2026')).toBeInTheDocument();
  });

  it('delete with undo: "Deleted · Undo" in a status region; focus moves on; Undo brings it back; it times out', async () => {
    const { mock, transport } = service();
    const store = await threadsAt(mock, 'a', 'b');
    // Long enough that a loaded machine (no retry in this project) clicks Undo within it.
    render(<App store={store} transport={transport} undoMs={1500} />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await userEvent.click(row('Thread a')); // current
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Thread a”' }));
    expect(rows()).toHaveLength(1);
    expect(store.threads.map((t) => t.title)).toEqual(['Thread b']);
    expect(row('Thread b')).toHaveFocus();
    const notice = screen.getByText('Deleted “Thread a”').closest('[role="status"]')!;
    expect(notice).toBeInTheDocument();
    await userEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(rows().map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Thread a/),
      expect.stringMatching(/^Thread b/),
    ]);
    expect(row('Thread a')).toHaveFocus();
    expect(row('Thread a')).toHaveAttribute('aria-current', 'true'); // it was being shown
    expect(store.threads.map((t) => t.title).sort()).toEqual(['Thread a', 'Thread b']);

    // Delete by key; the notice goes by itself.
    await userEvent.keyboard('{Delete}');
    expect(screen.getByText('Deleted “Thread a”')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Deleted “Thread a”')).toBeNull(), { timeout: 5000 });
    // The last one: focus goes to "New chat", and the list says it is empty.
    row('Thread b').focus();
    await userEvent.keyboard('{Delete}');
    expect(screen.getByRole('button', { name: 'New chat' })).toHaveFocus();
    expect(screen.getByText('No conversations yet.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1600)));
  });

  it('a listed thread the service no longer has: the chat says so, and the list marks nothing current', async () => {
    const { transport } = service();
    const store = memoryStore([record('chat_gone', 'An old conversation', 1000)]);
    render(<App store={store} transport={transport} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(row('An old conversation'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation is not available any more.');
    await waitFor(() => expect(row('An old conversation')).not.toHaveAttribute('aria-current'));
  });

  it('strings come from labels; a title stays one line of text', async () => {
    const { transport } = service();
    const store = memoryStore([record('chat_a', '<img src=x onerror=alert(1)> Ümsätze', 1000)]);
    render(
      <App
        store={store}
        transport={transport}
        locale="de"
        labels={{ regionLabel: 'Unterhaltungen', newChat: 'Neuer Chat', remove: (t) => `„${t}“ löschen` }}
      />,
    );
    const nav = await screen.findByRole('navigation', { name: 'Unterhaltungen' });
    expect(within(nav).getByRole('button', { name: 'Neuer Chat' })).toBeInTheDocument();
    expect(
      await within(nav).findByRole('button', { name: '„<img src=x onerror=alert(1)> Ümsätze“ löschen' }),
    ).toBeDefined();
    expect(nav.querySelector('img')).toBeNull();
    expect(nav.querySelector('time')).toHaveTextContent('jetzt');
  });
});

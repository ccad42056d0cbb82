// The thread list's transition function and the way it drives its store (issue 20, point 2).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectThreadList,
  threadListReducer,
  type ThreadListState,
} from '../../../src/react/threads/thread-list-model';
import type { ThreadListApi, ThreadRecord, ThreadStore } from '../../../src';

const thread = (chatId: string, updatedAt: number, title = `Title ${chatId}`): ThreadRecord => ({
  chatId,
  title,
  createdAt: updatedAt,
  updatedAt,
});
const ready = (threads: ThreadRecord[], current: string | null = null): ThreadListState => ({
  threads,
  status: 'ready',
  current,
  deleted: null,
});
const question = (chatId: string, input: string) => ({ chatId, input, messageId: '1700000000000-message' });

describe('threadListReducer', () => {
  it('a first question makes a thread titled by it (one clean line, bounded) at the top', () => {
    const state = threadListReducer(ready([thread('a', 10)]), {
      type: 'asked',
      question: question('b', `  Revenue\nby\u202Eregion ${'x'.repeat(200)}`),
      now: 20,
    });
    expect(state.threads.map((t) => t.chatId)).toEqual(['b', 'a']);
    expect(state.threads[0]!.title).toMatch(/^Revenue by region x+…$/);
    expect(state.threads[0]!.title).toHaveLength(100);
    expect(state.threads[0]).toMatchObject({ createdAt: 20, updatedAt: 20 });
  });

  it('a later question moves its thread up and keeps its title', () => {
    const state = threadListReducer(ready([thread('a', 30), thread('b', 10, 'Renamed')]), {
      type: 'asked',
      question: question('b', 'Another question'),
      now: 40,
    });
    expect(state.threads.map((t) => [t.chatId, t.title, t.updatedAt])).toEqual([
      ['b', 'Renamed', 40],
      ['a', 'Title a', 30],
    ]);
  });

  it('rename: cleaned; an empty or unchanged title, or an unknown thread, changes nothing', () => {
    const start = ready([thread('a', 10)]);
    expect(threadListReducer(start, { type: 'renamed', chatId: 'a', title: '  Q3\tplan  ' }).threads[0]!.title).toBe(
      'Q3 plan',
    );
    expect(threadListReducer(start, { type: 'renamed', chatId: 'a', title: ' \n ' })).toBe(start);
    expect(threadListReducer(start, { type: 'renamed', chatId: 'a', title: 'Title a' })).toBe(start);
    expect(threadListReducer(start, { type: 'renamed', chatId: 'zz', title: 'X' })).toBe(start);
  });

  it('remove and undo: the current thread becomes a new chat, and comes back with undo', () => {
    const start = ready([thread('a', 30), thread('b', 20), thread('c', 10)], 'b');
    const removed = threadListReducer(start, { type: 'removed', chatId: 'b' });
    expect(removed.threads.map((t) => t.chatId)).toEqual(['a', 'c']);
    expect(removed).toMatchObject({ current: null, deleted: { thread: { chatId: 'b' }, current: true } });
    const restored = threadListReducer(removed, { type: 'restored' });
    expect(restored.threads.map((t) => t.chatId)).toEqual(['a', 'b', 'c']);
    expect(restored).toMatchObject({ current: 'b', deleted: null });
    // Another thread removed: the current one stays; dismiss forgets the undo.
    const other = threadListReducer(start, { type: 'removed', chatId: 'c' });
    expect(other.current).toBe('b');
    expect(threadListReducer(other, { type: 'dismissed' }).deleted).toBeNull();
    expect(threadListReducer(start, { type: 'restored' })).toBe(start);
  });

  it('loaded and failed', () => {
    const loading: ThreadListState = { threads: [], status: 'loading', current: undefined, deleted: null };
    expect(threadListReducer(loading, { type: 'loaded', threads: [thread('a', 1)] })).toMatchObject({
      status: 'ready',
      threads: [{ chatId: 'a' }],
    });
    expect(threadListReducer(loading, { type: 'failed' }).status).toBe('error');
  });

  it("loaded while threads were changed here: their state here stands, the rest is the store's", () => {
    const here = ready([thread('new', 50, 'Asked while loading'), thread('a', 40, 'Renamed here'), thread('b', 30)]);
    const listed = [thread('gone', 60), thread('a', 10, 'Old title'), thread('b', 35, 'Other tab')];
    const state = threadListReducer(here, { type: 'loaded', threads: listed, edited: new Set(['new', 'a', 'gone']) });
    // 'gone' was removed here meanwhile; 'b' was not touched here, so the store's copy wins.
    expect(state.threads.map((t) => [t.chatId, t.title])).toEqual([
      ['new', 'Asked while loading'],
      ['a', 'Renamed here'],
      ['b', 'Other tab'],
    ]);
  });
});

describe('connectThreadList', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A host store in memory, with a log of calls. */
  function memoryStore(threads: unknown[] = []) {
    let list = threads as ThreadRecord[];
    const calls: string[] = [];
    const store: ThreadStore = {
      list: async () => list,
      save: (t) => {
        calls.push(`save ${t.chatId} ${t.title}`);
        list = [t, ...list.filter((x) => x.chatId !== t.chatId)];
      },
      remove: (chatId) => {
        calls.push(`remove ${chatId}`);
        list = list.filter((x) => x.chatId !== chatId);
      },
    };
    return { store, calls };
  }
  function connect(store: ThreadStore, early = { current: undefined as string | null | undefined, questions: [] }) {
    let api!: ThreadListApi;
    const onError = vi.fn();
    close = connectThreadList(
      (next) => (api = next),
      () => ({ store, onError }),
      early,
    );
    return { api: () => api, onError };
  }

  it('validates what the store lists: bad records dropped, one per thread, most recent first', async () => {
    const { store } = memoryStore([
      thread('a', 10),
      { chatId: 'b', title: 'No times' },
      { ...thread('c', 30), title: 'x'.repeat(500) },
      { ...thread('bad id', 40) },
      null,
      'chat_1',
      { ...thread('a', 20), title: 'Newer a' },
      { ...thread('d', 5), __proto__: { polluted: true } },
    ]);
    const list = connect(store);
    await vi.waitFor(() => expect(list.api().status).toBe('ready'));
    expect(list.api().threads.map((t) => [t.chatId, t.title])).toEqual([
      ['a', 'Newer a'],
      ['d', 'Title d'],
    ]);
  });

  it('records questions the chat reported before it loaded, saves, and undoes a delete in the store', async () => {
    const { store, calls } = memoryStore();
    const list = connect(store, { current: 'chat_1', questions: [question('chat_1', 'Revenue by region')] as never });
    await vi.waitFor(() => expect(list.api().threads).toHaveLength(1));
    expect(list.api()).toMatchObject({ current: 'chat_1', threads: [{ title: 'Revenue by region' }] });
    list.api().rename('chat_1', 'Regions');
    list.api().remove('chat_1');
    expect(list.api()).toMatchObject({ threads: [], current: null, deleted: { chatId: 'chat_1', title: 'Regions' } });
    list.api().undo();
    expect(list.api()).toMatchObject({ current: 'chat_1', deleted: null, threads: [{ title: 'Regions' }] });
    expect(calls).toEqual([
      'save chat_1 Revenue by region',
      'save chat_1 Regions',
      'remove chat_1',
      'save chat_1 Regions',
    ]);
    // chatProps follow the current thread.
    list.api().chatProps.onChatIdChange('chat_2');
    expect(list.api().chatProps.chatId).toBe('chat_2');
  });

  it('a question asked while the store is being read is kept, and titles its thread (not a later one)', async () => {
    // A store that answers a list with what it held when asked, later (a slow backend, or
    // localStorage read just before a save).
    let held: ThreadRecord[] = [];
    const answers: (() => void)[] = [];
    const store: ThreadStore = {
      list: () => {
        const snapshot = held;
        return new Promise((resolve) => answers.push(() => resolve(snapshot)));
      },
      save: (t) => {
        held = [t, ...held.filter((x) => x.chatId !== t.chatId)];
      },
      remove: (chatId) => {
        held = held.filter((x) => x.chatId !== chatId);
      },
    };
    const list = connect(store);
    expect(list.api().status).toBe('loading');
    list.api().chatProps.onQuestion(question('chat_1', 'Revenue by region'));
    answers.shift()!(); // the list read before the question was saved
    await vi.waitFor(() => expect(list.api().status).toBe('ready'));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
    list.api().chatProps.onQuestion(question('chat_1', 'Orders over time'));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
    expect(held.map((t) => t.title)).toEqual(['Revenue by region']);
    // A read that starts after the change holds it, and is taken as it is.
    list.api().refresh();
    answers.shift()!();
    await vi.waitFor(() => expect(answers).toHaveLength(0));
    await new Promise((r) => setTimeout(r, 0));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
  });

  it('a list read while a save is still on its way keeps the new thread (a slow save, a busy page)', async () => {
    // A store whose save takes a while: a read begun after the question, before its save
    // ended, answers without the thread (the CI run's resume test: the thread was then titled
    // by the next question).
    let held: ThreadRecord[] = [];
    const saves: (() => void)[] = [];
    const store: ThreadStore = {
      list: async () => held,
      save: (t) =>
        new Promise<void>((resolve) =>
          saves.push(() => {
            held = [t, ...held.filter((x) => x.chatId !== t.chatId)];
            resolve();
          }),
        ),
      remove: () => {},
    };
    const list = connect(store);
    await vi.waitFor(() => expect(list.api().status).toBe('ready'));
    list.api().chatProps.onQuestion(question('chat_1', 'Revenue by region'));
    list.api().refresh(); // e.g. another tab's change: read while the save runs
    await new Promise((r) => setTimeout(r, 0));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
    list.api().chatProps.onQuestion(question('chat_1', 'Orders over time'));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
    for (const save of saves.splice(0)) save();
    await new Promise((r) => setTimeout(r, 0));
    expect(held.map((t) => t.title)).toEqual(['Revenue by region']);
    // Once saved, a read is the store's.
    list.api().refresh();
    await new Promise((r) => setTimeout(r, 0));
    expect(list.api().threads.map((t) => t.title)).toEqual(['Revenue by region']);
  });

  it('a failing store: the error is reported; a failed list shows as an error until refreshed', async () => {
    let fail = true;
    const store: ThreadStore = {
      list: async () => {
        if (fail) throw new Error('offline');
        return [thread('a', 1)];
      },
      save: () => Promise.reject(new Error('read-only')),
      remove: () => {},
    };
    const list = connect(store);
    await vi.waitFor(() => expect(list.api().status).toBe('error'));
    expect(list.onError).toHaveBeenCalledWith(new Error('offline'));
    fail = false;
    list.api().refresh();
    await vi.waitFor(() => expect(list.api().status).toBe('ready'));
    list.api().chatProps.onQuestion(question('b', 'New one'));
    // The save failed: reported, and the list read again shows what the store holds.
    await vi.waitFor(() => expect(list.onError).toHaveBeenCalledWith(new Error('read-only')));
    await vi.waitFor(() => expect(list.api().threads.map((t) => t.chatId)).toEqual(['a']));
  });
});

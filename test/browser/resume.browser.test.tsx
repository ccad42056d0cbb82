// Issue 20, point 1, in Chromium: a page with a thread list and a chat that remembers its
// conversation (`persist`), served with the mock on its own origin, opened in a real tab and
// reloaded (a real page reload) in the middle of an answer, and again after it.
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';

interface PageChat {
  status: string;
  chatId: string | null;
  messages: { id: string; role: string; content?: string; isInProcess?: boolean; graphPath?: string[] }[];
  announced: string;
  threads: string[];
  current: string[];
  finals: number;
}

/** What the page shows and holds: its chat store's thread, the announcer, the thread list. */
const READ = `(() => {
  const state = window.__chat?.getState();
  return {
    status: state?.status ?? 'none',
    chatId: state?.thread.chatId ?? null,
    messages: state?.thread.messages ?? [],
    announced: document.querySelector('.ek-chat > [role="status"]')?.textContent ?? '',
    threads: [...document.querySelectorAll('.ek-threads__title')].map((t) => t.textContent),
    current: [...document.querySelectorAll('.ek-threads [aria-current] .ek-threads__title')].map((t) => t.textContent),
    finals: document.querySelectorAll('.ek-message--final').length,
  };
})()`;

let tab = '';
const read = () => commands.pageAction(tab, { evaluate: READ }) as Promise<PageChat>;
async function until(check: (chat: PageChat) => boolean, what: string, ms = 30_000): Promise<PageChat> {
  const start = Date.now();
  for (;;) {
    const chat = await read().catch(() => null); // mid-reload: no page to ask yet
    if (chat && check(chat)) return chat;
    if (Date.now() - start > ms)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(chat)?.slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const user = `reload-${Date.now()}`;
const questions = (chat: PageChat) => chat.messages.filter((m) => m.role === 'user').map((m) => m.content);
/** A thread without what varies between two loads of it (the ids the mock generates stay). */
const stable = (messages: unknown[]) => JSON.stringify(messages);

afterAll(async () => {
  if (tab) await commands.pageAction(tab, { close: true });
});

describe('a chat that survives a page reload (Chromium)', () => {
  it('reloaded mid-answer, the same answer continues and completes exactly once', async () => {
    const url = await commands.serveResumeChat();
    tab = await commands.openPage(`${url}?user=${user}&delay=80`);
    await until((chat) => chat.status === 'idle', 'the page');
    await commands.pageAction(tab, { type: 'Revenue by region', into: 'textarea' });
    await until((chat) => chat.status === 'idle' && chat.finals === 1, 'the first answer');
    await commands.pageAction(tab, { type: 'Orders over time', into: 'textarea' });
    // Mid-answer: the service has the second question and has begun answering it.
    const before = await until(
      (chat) =>
        chat.status === 'streaming' &&
        questions(chat).length === 2 &&
        chat.messages.some((m) => m.role === 'assistant' && m.isInProcess),
      'the second answer to begin',
    );
    expect(before.finals).toBe(1);
    await commands.pageAction(tab, { reload: true });

    // After the reload: the whole thread comes back at once, the answer so far included, and goes on.
    const resumed = await until((chat) => chat.chatId === before.chatId && chat.messages.length > 0, 'the thread');
    expect(resumed.status).not.toBe('idle');
    expect(questions(resumed)).toEqual(['Revenue by region', 'Orders over time']);
    const done = await until((chat) => chat.status === 'idle' && chat.finals === 2, 'the answer to finish');
    expect(done.announced).toBe('Done.');
    expect(questions(done)).toEqual(['Revenue by region', 'Orders over time']);
    expect(done.messages.some((m) => m.isInProcess)).toBe(false);
    expect(done.messages.filter((m) => m.graphPath?.[0] === 'final')).toHaveLength(2);

    // The service was asked each question once, and its thread holds each once: the same thread.
    const service = await commands.resumeChatService(done.chatId!, user);
    expect(service.turns.filter((turn) => turn.chatId === done.chatId).map((turn) => turn.input)).toEqual([
      'Revenue by region',
      'Orders over time',
    ]);
    expect(stable(done.messages)).toBe(stable(service.messages));
    // The thread list kept it, titled by the question, current.
    expect(done.threads).toEqual(['Revenue by region']);
    expect(done.current).toEqual(['Revenue by region']);
  }, 90_000);

  it('reloaded after the answer finished, the thread is identical', async () => {
    const before = await until((chat) => chat.status === 'idle' && chat.finals === 2, 'the finished thread');
    await commands.pageAction(tab, { reload: true });
    // The thread list loads its own code and store beside the chat: it may show after it.
    const after = await until(
      (chat) => chat.status === 'idle' && chat.chatId === before.chatId && chat.finals === 2 && chat.threads.length > 0,
      'the reloaded thread and the thread list',
    );
    expect(stable(after.messages)).toBe(stable(before.messages));
    expect(after.threads).toEqual(['Revenue by region']);
    const service = await commands.resumeChatService(after.chatId!, user);
    expect(service.turns.filter((turn) => turn.chatId === after.chatId)).toHaveLength(2);
  }, 60_000);

  it("after a reload, a stopped turn keeps its note and a result the user's View pick", async () => {
    /** The View menu's label on each result, and the stopped note, as the page shows them. */
    const shown = () =>
      commands.pageAction(tab, {
        evaluate: `({
          views: [...document.querySelectorAll('.ek-menu__button')]
            .map((b) => b.textContent).filter((t) => t.startsWith('View')),
          tables: document.querySelectorAll('.ek-chat .ek-table').length,
          note: document.querySelector('.ek-chat__note')?.textContent ?? null,
        })`,
      }) as Promise<{ views: string[]; tables: number; note: string | null }>;
    /** Clicks the first element of `selector` with that text or label: 'clicked', or 'missing'. */
    const click = (selector: string, text: string) =>
      commands.pageAction(tab, {
        evaluate: `((element) => (element ? (element.click(), 'clicked') : 'missing'))(
          [...document.querySelectorAll(${JSON.stringify(selector)})].find(
            (e) => e.textContent.trim() === ${JSON.stringify(text)} || e.getAttribute('aria-label') === ${JSON.stringify(text)},
          ),
        )`,
      });
    const until = async <T,>(read: () => Promise<T>, check: (value: T) => boolean, what: string) => {
      const start = Date.now();
      for (;;) {
        const value = await read().catch(() => null); // mid-reload: no page to ask yet
        if (value !== null && check(value)) return value;
        if (Date.now() - start > 30_000) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // The first answer's result: shown as a table, picked in its View menu.
    // (While a chart loads, its toolbar's label reads "Table": wait for both charts.)
    const before = await until(
      shown,
      (page) => page.views.length === 2 && !page.views.includes('View: Table'),
      'the two results’ charts',
    );
    const opened = (await shown()).views[0]!;
    expect(await click('.ek-menu__button', opened)).toBe('clicked');
    await until(
      () => click('[role="menuitemradio"]', 'Table'),
      (result) => result === 'clicked',
      'the Table entry',
    );
    const picked = await until(shown, (page) => page.views[0] === 'View: Table', 'the table');
    expect(picked.views[1]).toBe(before.views[1]);

    // A third question, stopped while it is answered.
    await commands.pageAction(tab, { type: 'Top 5 customers by revenue', into: 'textarea' });
    await until(
      read,
      (chat) => chat.status === 'streaming' && questions(chat).length === 3 && chat.messages.some((m) => m.isInProcess),
      'the third answer to begin',
    );
    expect(await click('button', 'Stop')).toBe('clicked');
    const stopped = await until(shown, (page) => page.note !== null, 'the stopped note');
    expect(stopped.note).toBe('Stopped. Everything received so far is kept.');
    const thread = await until(read, (chat) => chat.status === 'idle', 'the stopped turn');

    await commands.pageAction(tab, { reload: true });
    await until(read, (chat) => chat.status === 'idle' && chat.finals === 2, 'the reloaded thread');
    const after = await until(
      shown,
      (page) => page.note !== null && page.views[1] === before.views[1],
      'the note and the charts after the reload',
    );
    expect(after.note).toBe('Stopped. Everything received so far is kept.');
    expect(after.views[0]).toBe('View: Table');
    expect(after.tables).toBe(1);
    expect(questions(await read())).toEqual(questions(thread));
    // Nothing was asked again.
    const service = await commands.resumeChatService(thread.chatId!, user);
    expect(service.turns.filter((turn) => turn.chatId === thread.chatId).map((turn) => turn.input)).toEqual([
      'Revenue by region',
      'Orders over time',
      'Top 5 customers by revenue',
    ]);
  }, 90_000);
});

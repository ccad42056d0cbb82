/**
 * What every engine must do, as Chromium does (`test/static/storybook-static.test.ts`): every
 * story of the static Storybook renders with no page error, its play function and its
 * accessibility check pass; and the demo answers a question with its chart, stops an answer
 * mid-stream, and continues an answer through a page reload. Served by a plain static server
 * with the mock in a service worker, each page carrying the probe (`probe.ts`).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../setup/static-server';
import { EXPECTED_CONSOLE } from '../static/expected-console';
import type { Engine, EngineTab } from './drivers';
import { withProbe, type Probe } from './probe';

const folder = fileURLToPath(new URL('../../storybook-static', import.meta.url));
const indexFile = `${folder}/index.json`;

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

const stories: IndexEntry[] = existsSync(indexFile)
  ? Object.values(
      (JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries,
    ).filter((entry) => entry.type === 'story')
  : [];

/** Polls `expression` in the page until it is truthy; says what it waited for otherwise. */
export async function until<T>(tab: EngineTab, expression: string, what: string, ms = 30_000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    last = await tab.evaluate<T>(expression).catch((error: unknown) => `(no page: ${String(error).slice(0, 80)})`);
    if (last && !(typeof last === 'string' && last.startsWith('(no page'))) return last as T;
    if (Date.now() - start > ms)
      throw new Error(`Timed out after ${ms} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PROBE = 'window.__probe';
const ERROR_DISPLAY = `document.body.classList.contains('sb-show-errordisplay') ? (document.querySelector('#error-message')?.textContent || 'error') : null`;

/** What the chat shows: its announcer, its messages, its composer's action. */
const CHAT = `(() => {
  const chat = document.querySelector('.ek-chat');
  return {
    announced: chat?.querySelector(':scope > [role="status"]')?.textContent ?? '',
    questions: [...(chat?.querySelectorAll('.ek-message--user .ek-message__text') ?? [])].map((m) => m.textContent),
    finals: [...(chat?.querySelectorAll('.ek-message--final') ?? [])].map((m) => m.textContent),
    busy: !!chat?.querySelector('.ek-composer__stop'),
    notes: [...(chat?.querySelectorAll('.ek-chat__note') ?? [])].map((n) => n.textContent),
    alerts: [...(chat?.querySelectorAll('[role="alert"]') ?? [])].map((a) => a.textContent),
    charts: chat?.querySelectorAll('.ek-chart canvas, .ek-chart svg.marks').length ?? 0,
    text: chat?.textContent ?? '',
  };
})()`;

interface ChatView {
  announced: string;
  questions: string[];
  finals: string[];
  busy: boolean;
  notes: string[];
  alerts: string[];
  charts: number;
  text: string;
}

/**
 * Where an engine differs from Chromium for a reason of its own, by story id: the check it
 * changes and why. Nothing is skipped: each entry says what that engine does instead.
 */
export type EngineDifferences = Record<string, { problems?: RegExp; why: string }>;

export function engineSuite(launch: () => Promise<Engine>, differences: EngineDifferences = {}) {
  let engine: Engine;
  let server: Server;
  let origin: string;
  const fileErrors: string[] = [];

  beforeAll(async () => {
    if (!stories.length) return;
    ({ server, origin } = await serveFolder(folder, {
      html: (_path, text) => withProbe(text),
      // A browser's own favicon request is not the page's.
      onError: (path, status) => path !== '/favicon.ico' && fileErrors.push(`HTTP ${status}: ${path}`),
    }));
    engine = await launch();
    console.info(`[engines] ${engine.name} ${engine.version}`);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  let opened = false;
  const tried = new Set<string>();
  /**
   * Opens a story and waits for Storybook's `storyFinished`; returns the probe. The first (or
   * with `load`) by loading its page; the others as Storybook's own UI switches stories, by
   * `setCurrentStory` on the preview's channel, with the probe emptied first: a page load per
   * story would spend most of the run loading the same scripts again.
   */
  async function openStory(id: string, { load = false } = {}): Promise<Probe> {
    if (load || !opened) {
      await engine.tab.goto(`${origin}/iframe.html?id=${id}&viewMode=story`);
      opened = true;
    } else {
      await engine.tab.evaluate(`(() => {
        Object.assign(window.__probe, { finished: null, problems: [] });
        window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: ${JSON.stringify(id)}, viewMode: 'story' });
        return true;
      })()`);
    }
    await until(
      engine.tab,
      `${PROBE}?.finished?.storyId === ${JSON.stringify(id)} && ${PROBE}.finished`,
      `story ${id} to finish`,
      45_000,
    );
    return engine.tab.evaluate<Probe>(PROBE);
  }

  it('was built (run `npm run build-storybook` first) and holds at least 40 stories', () => {
    expect(stories.length).toBeGreaterThanOrEqual(40);
  });

  // A story where this engine differs says so in its name, and its reason in the log.
  it.each(
    stories.map(
      (story) =>
        [
          `${story.title} / ${story.name}${differences[story.id] ? ' (differs in this engine, see why)' : ''}`,
          story.id,
        ] as const,
    ),
  )(
    'story: %s',
    async (_label, id) => {
      const errorsBefore = fileErrors.length;
      // A retry (CI) starts from a fresh page load.
      const probe = await openStory(id, { load: tried.has(id) });
      tried.add(id);
      const finished = probe.finished!;
      expect(await engine.tab.evaluate(ERROR_DISPLAY)).toBeNull();
      expect(finished.storyId).toBe(id);
      // A failing play function, an unhandled error or an axe violation make status 'error'.
      expect(finished.reporters.filter((report) => report.status === 'failed')).toEqual([]);
      expect(finished.status).toBe('success');
      expect(finished.reporters.map((report) => report.type)).toContain('a11y');
      const difference = differences[id];
      if (difference) console.info(`[engines] ${engine.name} differs on ${id}: ${difference.why}`);
      const problems = probe.problems.filter(
        (problem) => !EXPECTED_CONSOLE[id]?.test(problem) && !difference?.problems?.test(problem),
      );
      // Named in the message: a retried failure's first try is read from the report.
      expect(problems, problems.join('\n')).toEqual([]);
      expect(fileErrors.slice(errorsBefore)).toEqual([]);
    },
    60_000,
  );

  describe('the demo', () => {
    const read = () => engine.tab.evaluate<ChatView>(CHAT);
    // On a timeout, what the chat showed then (not just "null"): which step did not happen.
    const chatUntil = (check: string, what: string, ms = 30_000) =>
      until<ChatView>(
        engine.tab,
        `(() => { const chat = ${CHAT}; return (${check}) ? chat : null; })()`,
        what,
        ms,
      ).catch(async (error: unknown) => {
        const shown = await read().catch(() => undefined);
        const { text: _text, ...state } = shown ?? ({} as Partial<ChatView>);
        throw new Error(
          `${String(error instanceof Error ? error.message : error)}; the chat showed ${JSON.stringify(state)}`,
        );
      });
    const ask = async (question: string) => {
      await engine.tab.type('.ek-composer__input', question);
      await engine.tab.click('.ek-composer__send');
    };

    it('asks, answers with a chart; stops an answer mid-stream; continues an answer through a reload', async () => {
      // A fresh start: no conversation remembered from the stories above.
      await engine.tab.goto(`${origin}/iframe.html?id=demo-app--default&viewMode=story`);
      await engine.tab.evaluate('localStorage.clear() ?? true');
      let probe = await openStory('demo-app--default', { load: true });
      expect(probe.finished!.status).toBe('success');

      // Ask: the answer streams in, ends with "Done." and draws its chart.
      await ask('Revenue by region');
      let chat = await chatUntil('chat.finals.length === 1 && !chat.busy', 'the first answer');
      expect(chat.questions).toEqual(['Revenue by region']);
      expect(chat.announced).toBe('Done.');
      chat = await chatUntil('chat.charts > 0', 'its chart', 20_000);
      expect(chat.finals[0]).toMatch(/North America/);

      // Stop: pressed while the answer streams; the answer so far is kept, marked stopped.
      await ask('Orders over time');
      await chatUntil('chat.busy && chat.questions.length === 2', 'the second answer to start');
      await engine.tab.click('.ek-composer__stop');
      chat = await chatUntil('!chat.busy', 'the second answer to stop');
      expect(chat.announced).toBe('Stopped.');
      expect(chat.notes).toContain('Stopped. Everything received so far is kept.');
      expect(chat.finals).toHaveLength(1);

      // Reload mid-answer: after the reload the same answer continues and completes once.
      await ask('Top 5 customers by revenue');
      await chatUntil('chat.busy && chat.questions.length === 3', 'the third answer to start');
      await engine.tab.reload();
      // The reloaded page's story (its play function included) finishes first.
      await until(engine.tab, `${PROBE}?.finished`, 'the reloaded demo to finish', 45_000);
      probe = await engine.tab.evaluate<Probe>(PROBE);
      expect(probe.finished!.status).toBe('success');
      chat = await chatUntil('chat.finals.length === 2 && !chat.busy', 'the third answer after the reload', 45_000);
      expect(chat.questions).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
      expect(chat.alerts).toEqual([]);
      expect(probe.problems).toEqual([]);
      expect((await read()).finals).toHaveLength(2);
    }, 180_000);
  });
}

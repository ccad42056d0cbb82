import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage } from '../../src/protocol';
import { AgentChat, ThemeProvider, type AgentChatProps, type ChatError, type ThemeInput } from '../../src';
import { DemoApp } from '../../demo/App';
import { frozenTransport, mockTransport } from '../../stories/support/chat';
import { fixtureDashboards, storybookDemoBackend } from '../../stories/support/demo-backend';

// The issue-9 checks, in Chromium against the mock over real HTTP (the dev server's /__mock).

let seq = 0;
const user = () => `chat-browser-${Date.now()}-${seq++}`;

function setup(props: Partial<AgentChatProps> = {}, options: { height?: number; theme?: ThemeInput } = {}) {
  const chat = (
    <div style={{ height: options.height ?? 560, width: '100%', maxWidth: 760 }}>
      <AgentChat transport={mockTransport(user())} user={{ displayName: 'Uma User' }} {...props} />
    </div>
  );
  const utils = render(options.theme ? <ThemeProvider theme={options.theme}>{chat}</ThemeProvider> : chat);
  const box = () => screen.getByRole('textbox', { name: 'Ask a question' }) as HTMLTextAreaElement;
  const scroller = () => document.querySelector('.ek-list') as HTMLElement;
  return { ...utils, box, scroller };
}

const finals = () => document.querySelectorAll('.ek-message--final');
const announcer = () => document.querySelector('.ek-chat > [role="status"]');
const done = (count: number, timeout = 20_000) =>
  waitFor(
    () => {
      expect(finals()).toHaveLength(count);
      expect(announcer()).toHaveTextContent('Done.');
    },
    { timeout },
  );
const ask = async (box: HTMLTextAreaElement, question: string) => {
  box.focus();
  await userEvent.keyboard(question);
  await userEvent.keyboard('{Enter}');
};
const distanceToBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;
const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe('AgentChat follows the conversation (issue 9, point 1)', () => {
  it('ten questions in a row: each answer ends in view, at the true bottom', async () => {
    const { box, scroller } = setup();
    const questions = ['Revenue by region', 'Orders over time', 'Top 5 customers by revenue', 'Revenue by category'];
    for (let i = 0; i < 10; i++) {
      await ask(box(), questions[i % questions.length]!);
      await done(i + 1);
      // Charts draw after the answer: give late growth a moment, then check the view.
      await new Promise((r) => setTimeout(r, 400));
      await frames();
      const list = scroller();
      expect(distanceToBottom(list), `question ${i + 1}`).toBeLessThanOrEqual(2);
      const last = finals()[i]!.getBoundingClientRect();
      expect(last.bottom).toBeLessThanOrEqual(list.getBoundingClientRect().bottom + 1);
    }
  }, 240_000);

  it('scrolling up mid-stream detaches; "Jump to latest" shows, lands at the bottom and focuses the composer', async () => {
    const { box, scroller } = setup({ transport: mockTransport(user(), { lineDelayMs: 30 }) });
    await ask(box(), 'Revenue by region');
    await done(1);
    await ask(box(), 'Orders over time');
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true'));
    await new Promise((r) => setTimeout(r, 300));
    const list = scroller();
    list.scrollTop = Math.max(0, list.scrollTop - 400);
    await frames();
    const held = list.scrollTop;
    await new Promise((r) => setTimeout(r, 800));
    expect(Math.abs(list.scrollTop - held)).toBeLessThanOrEqual(1); // nothing moves
    await done(2);
    // Not only while streaming: the bottom is out of view, so the button is there.
    const jump = await screen.findByRole('button', { name: 'Jump to latest' });
    jump.focus();
    await userEvent.keyboard('{Enter}');
    await frames();
    expect(distanceToBottom(list)).toBeLessThanOrEqual(2);
    expect(document.activeElement).toBe(box());
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  }, 60_000);
});

describe('AgentChat keeps the view on what the user opens', () => {
  it('"Show all" on a long answer at the bottom keeps the button where it was (no jump to the end)', async () => {
    // One finished turn whose answer is longer than the markdown limit: "Show all" below it.
    const answer = Array.from({ length: 900 }, (_, i) => `Paragraph ${i}: ${'revenue grew '.repeat(4)}`).join('\n\n');
    const lines: ChatMessage[] = [
      { id: '__cutoff__', state: { chatId: 'show-all', isStreaming: true } },
      { id: 'u1', role: 'user', content: 'A long answer', sort: 0, isInProcess: false },
      { id: 'a1', role: 'assistant', content: answer, sort: 1, isInProcess: false, graphPath: ['final'] },
    ];
    const body = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
    const { box, scroller } = setup({
      transport: {
        url: '/show-all/stream-chat-state',
        fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
      },
    });
    await ask(box(), 'A long answer');
    const more = await screen.findByRole('button', { name: /^Show all/ }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'false'));
    await frames();
    const list = scroller();
    expect(distanceToBottom(list)).toBeLessThanOrEqual(2); // followed the answer to its end
    await userEvent.click(more);
    await frames(3);
    // The rest opened where the button was, in view: the user reads on from there.
    const rest = document.querySelector('.ek-more__text')!.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    expect(rest.top).toBeGreaterThanOrEqual(view.top);
    expect(rest.top).toBeLessThan(view.bottom);
    expect(distanceToBottom(list)).toBeGreaterThan(1000);
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeVisible();
  }, 30_000);
});

describe('AgentChat keeps focus (point 2)', () => {
  it('Enter on a suggestion focuses the composer', async () => {
    const { box } = setup();
    screen.getByRole('button', { name: 'Revenue by region' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await done(1);
    expect(document.activeElement).toBe(box());
  }, 30_000);

  it('Enter on Stop, and a turn ending while Stop has focus, both leave focus in the composer', async () => {
    const { box } = setup({ transport: mockTransport(user(), { lineDelayMs: 30 }) });
    await ask(box(), 'Revenue by region');
    const stop = await screen.findByRole('button', { name: 'Stop' });
    stop.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Stopped. Everything received so far is kept.')).toBeVisible());
    expect(document.activeElement).toBe(box());

    await ask(box(), 'Orders over time');
    (await screen.findByRole('button', { name: 'Stop' })).focus();
    await waitFor(() => expect(announcer()).toHaveTextContent('Done.'), { timeout: 20_000 });
    await frames();
    expect(document.activeElement).toBe(box());
    // The focus ring shows (keyboard focus).
    expect(getComputedStyle(box()).outlineStyle).not.toBe('none');
  }, 60_000);
});

// Point 3 (the answer below a chart does not move): chat-jump.browser.test.tsx, where no chart
// has loaded the chart chunk before, so the chat holds the chart's place first.

describe('AgentChat errors keep the question (point 4)', () => {
  it('a 500 leaves the question, shows the error under it with Retry, keeps the text, and reports the cause', async () => {
    const errors: ChatError[] = [];
    const { box } = setup({
      transport: mockTransport(user(), { httpStatus: 500 }),
      onError: (error) => errors.push(error),
    });
    await ask(box(), 'Revenue by region');
    const log = await screen.findByRole('log');
    const alert = await within(log).findByRole('alert');
    expect(log).toHaveTextContent('Revenue by region');
    // The error sits under the question.
    const bubble = within(log).getByText('Revenue by region');
    expect(alert.getBoundingClientRect().top).toBeGreaterThan(bubble.getBoundingClientRect().bottom - 1);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Orders over time' })).toBeNull(); // no suggestions
    expect(box()).toHaveValue('Revenue by region');
    expect(errors.map((e) => [e.kind, e.status])).toEqual([['server', 500]]);
    expect(alert.innerText).not.toMatch(/Injected/); // raw text only under "Details", closed
  }, 30_000);
});

describe('AgentChat speaks plainly (point 5)', () => {
  it('tools have plain labels, never internal names', async () => {
    setup({ transport: frozenTransport('Revenue by region', (line) => line.toolCall?.name === 'platformSqlApi') });
    await ask(screen.getByRole('textbox') as HTMLTextAreaElement, 'Revenue by region');
    await waitFor(() => expect(document.querySelector('.ek-progress')).toHaveTextContent('Querying data…'));
    expect(screen.getByRole('group', { name: 'Searching the data model' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Querying data' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/platformSqlApi|platformMeta/);
  }, 30_000);

  it('every string comes from the labels object', async () => {
    setup({
      labels: {
        composerLabel: 'Frage stellen',
        send: 'Senden',
        emptyTitle: 'Fragen Sie nach Ihren Daten',
        tool: (kind) => (kind === 'sql' ? 'Daten abfragen' : 'Datenmodell durchsuchen'),
        announceDone: 'Fertig.',
      },
      suggestions: ['Umsatz nach Region'],
    });
    expect(screen.getByText('Fragen Sie nach Ihren Daten')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'Frage stellen' }) as HTMLTextAreaElement;
    await ask(box, 'Revenue by region');
    await waitFor(() => expect(announcer()).toHaveTextContent('Fertig.'), { timeout: 20_000 });
    expect(screen.getByRole('group', { name: 'Daten abfragen' })).toBeVisible();
  }, 30_000);

  it('a failed tool reads plainly; the raw error is under "Details"', async () => {
    const { box } = setup();
    await ask(box(), 'What is the weather in Oslo?');
    await done(1);
    expect(screen.getByText('This question could not be answered from the data.')).toBeVisible();
    const raw = screen.getByText(/No measure or dimension/);
    expect(raw).not.toBeVisible();
    await userEvent.click(screen.getAllByText('Details')[0]!);
    expect(raw).toBeVisible();
  }, 30_000);
});

describe('AgentChat reasoning (point 6)', () => {
  it('open while it streams, collapsed to "Thought for N s" once the answer starts', async () => {
    const { box } = setup({ showThinking: true, transport: mockTransport(user(), { lineDelayMs: 25 }) });
    await ask(box(), 'Revenue by region');
    await waitFor(() => expect(document.querySelector('.ek-thinking')).toHaveAttribute('open'));
    await done(1);
    const panels = [...document.querySelectorAll('.ek-thinking')];
    for (const panel of panels) {
      expect(panel).not.toHaveAttribute('open');
      expect(panel.querySelector('summary')).toHaveTextContent(/^Thought for \d+ s$/);
    }
  }, 30_000);

  it('stays open when the user opened it by hand', async () => {
    const { box } = setup({ showThinking: true, transport: mockTransport(user(), { lineDelayMs: 25 }) });
    await ask(box(), 'Revenue by region');
    await waitFor(() => expect(document.querySelector('.ek-thinking')).toHaveAttribute('open'));
    const summary = document.querySelector('.ek-thinking summary') as HTMLElement;
    await userEvent.click(summary); // closes it by hand
    await userEvent.click(summary); // and opens it again: the user's choice now
    await done(1);
    expect(document.querySelector('.ek-thinking')).toHaveAttribute('open');
  }, 30_000);
});

describe('AgentChat composer and actions (point 7)', () => {
  it('the composer grows with its text up to a maximum, without a resize grip', async () => {
    const { box } = setup();
    const start = box().getBoundingClientRect().height;
    box().focus();
    await userEvent.keyboard('one{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three{Shift>}{Enter}{/Shift}four');
    const grown = box().getBoundingClientRect().height;
    expect(grown).toBeGreaterThan(start + 30);
    for (let i = 0; i < 20; i++) await userEvent.keyboard('{Shift>}{Enter}{/Shift}more');
    expect(box().getBoundingClientRect().height).toBeLessThanOrEqual(201);
    expect(getComputedStyle(box()).resize).toBe('none');
  });

  it('placeholder and a disabled Send reach 4.5:1 in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { unmount } = setup({}, { theme: { colorScheme } });
      const textarea = screen.getByRole('textbox') as HTMLTextAreaElement;
      const background = backgroundOf(textarea);
      expect(contrast(getComputedStyle(textarea, '::placeholder').color, background), colorScheme).toBeGreaterThan(4.5);
      const send = screen.getByRole('button', { name: 'Send' });
      expect(send).toHaveAttribute('aria-disabled', 'true');
      expect(contrast(getComputedStyle(send).color, backgroundOf(send)), colorScheme).toBeGreaterThan(4.5);
      expect(send.querySelector('svg')).not.toBeNull(); // an icon button with a name
      unmount();
    }
  });

  it('answers get Copy, the last one Regenerate, thumbs with onFeedback; SQL is formatted and highlighted', async () => {
    const feedback = vi.fn();
    const writes: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => void writes.push(text));
    const { box } = setup({ onFeedback: feedback });
    await ask(box(), 'Top 5 customers by revenue');
    await done(1);
    await ask(box(), 'Revenue by region');
    await done(2);
    const [first, second] = [...finals()] as HTMLElement[];
    expect(within(first!).getByRole('button', { name: 'Copy answer' })).toBeVisible();
    expect(within(first!).queryByRole('button', { name: 'Regenerate answer' })).toBeNull();
    await userEvent.click(within(second!).getByRole('button', { name: 'Copy answer' }));
    expect(writes.at(-1)).toMatch(/\*\*/); // markdown, not text
    await userEvent.click(within(second!).getByRole('button', { name: 'Good answer' }));
    expect(feedback).toHaveBeenCalledWith(expect.objectContaining({ rating: 'up' }));

    const tool = screen.getAllByRole('group', { name: 'Querying data' }).at(-1)!;
    await userEvent.click(within(tool).getByText('SQL'));
    const code = await waitFor(
      () => {
        const found = tool.querySelector('.ek-sql[data-formatted]');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      },
      { timeout: 15_000 },
    ); // the formatter is a lazy chunk
    expect(code.textContent).toContain('\n'); // formatted on lines
    expect(code.querySelector('.ek-sql__keyword')).toHaveTextContent(/^SELECT$/);
    const copySql = within(tool).getByRole('button', { name: 'Copy SQL' });
    await userEvent.click(copySql);
    expect(copySql).toHaveTextContent('Copied');
    await waitFor(() => expect(copySql).toHaveTextContent('Copy SQL'), { timeout: 3000 });

    await userEvent.click(within(second!).getByRole('button', { name: 'Regenerate answer' }));
    await done(3);
    expect(document.querySelectorAll('.ek-message--user')[2]).toHaveTextContent('Revenue by region');
  }, 60_000);

  it('in a thread of several row blocks, only the last answer offers Regenerate', async () => {
    const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'blocks', isStreaming: false } }];
    for (let i = 0; i < 40; i++) {
      lines.push({ id: `u${i}`, role: 'user', content: `Question ${i}`, sort: i * 2 });
      lines.push({ id: `a${i}`, role: 'assistant', content: `Answer ${i}`, graphPath: ['final'], sort: i * 2 + 1 });
    }
    setup({ initialThread: applyChatMessages(EMPTY_THREAD, lines) });
    expect(document.querySelectorAll('.ek-list__block').length).toBeGreaterThan(2);
    const regenerate = screen.getAllByRole('button', { name: 'Regenerate answer' });
    expect(regenerate).toHaveLength(1);
    expect(regenerate[0]!.closest('.ek-message')).toHaveTextContent('Answer 39');
  });

  it('dark mode: one background per SQL block', async () => {
    setup({}, { theme: { colorScheme: 'dark' } });
    await ask(screen.getByRole('textbox') as HTMLTextAreaElement, 'Revenue by region');
    await done(1);
    const tool = screen.getByRole('group', { name: 'Querying data' });
    await userEvent.click(within(tool).getByText('SQL'));
    const pre = await waitFor(() => tool.querySelector('.ek-sql') as HTMLElement);
    expect(getComputedStyle(pre.querySelector('code')!).backgroundColor).toBe('rgba(0, 0, 0, 0)');
  }, 30_000);
});

describe('AgentChat shows one title (point 8)', () => {
  it('the result title appears once, not again in the chart', async () => {
    const { box } = setup();
    await ask(box(), 'Revenue by region');
    await done(1);
    await waitFor(() => expect(document.querySelectorAll('.mark-rect path').length).toBeGreaterThan(0), {
      timeout: 25_000,
    });
    const tool = screen.getByRole('group', { name: 'Querying data' });
    const title = tool.querySelector('.ek-tool__title')!.textContent!.trim();
    const svgTexts = [...tool.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(svgTexts).not.toContain(title);
  }, 30_000);
});

describe('AgentChat accessibility (point 9)', () => {
  for (const [name, theme] of [
    ['light', { colorScheme: 'light' }],
    ['dark', { colorScheme: 'dark' }],
    ['custom', { colors: { primary: '#f59e0b' }, radius: 2 }],
  ] as [string, ThemeInput][]) {
    it(`axe clean after three turns (${name})`, async () => {
      const { box, container } = setup({}, { theme });
      for (const [i, q] of ['Revenue by region', 'Orders over time', 'Revenue by category'].entries()) {
        await ask(box(), q);
        await done(i + 1);
      }
      const results = await axe.run(container, { resultTypes: ['violations'] });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    }, 90_000);
  }

  for (const theme of ['Light', 'Dark', 'Ocean'] as const) {
    it(`the demo is axe clean after five turns (${theme})`, async () => {
      await page.viewport(1280, 900);
      const { container } = render(
        <DemoApp
          backend={storybookDemoBackend}
          dashboards={fixtureDashboards}
          initialTheme={theme}
          conversationsKey={null} // each run starts afresh
        />,
      );
      await waitFor(() => expect(container.querySelector('.ek-embed[data-phase="ready"]')).not.toBeNull(), {
        timeout: 10_000,
      });
      const box = () => screen.getByRole('textbox', { name: 'Ask a question' }) as HTMLTextAreaElement;
      // Bars, a line, 100 customers (horizontal bars that scroll), a table, and a failed tool.
      const questions = [
        'Revenue by region',
        'Orders over time',
        'Revenue by customer',
        'Top 5 countries by revenue as a table',
        'What is the weather tomorrow?',
      ];
      for (const [i, q] of questions.entries()) {
        await ask(box(), q);
        await done(i + 1);
      }
      // The embedded dashboard is the service's page, not ours: axe checks the host page.
      const results = await axe.run(container, { resultTypes: ['violations'], iframes: false });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    }, 120_000);
  }

  it('disclosure headers get the focus ring', async () => {
    const { box } = setup();
    await ask(box(), 'Revenue by region');
    await done(1);
    const summary = screen.getAllByText('SQL')[0]!;
    summary.focus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Tab}');
    expect(document.activeElement).toBe(summary);
    expect(getComputedStyle(summary).outlineStyle).toBe('solid');
  }, 30_000);
});

describe('AgentChat brand colours (point 10)', () => {
  for (const [scheme, primary] of [
    ['light', '#f59e0b'],
    ['dark', '#4f46e5'],
  ] as const) {
    it(`the user bubble reads at 4.5:1 on ${primary} (${scheme})`, async () => {
      const { box } = setup({}, { theme: { colorScheme: scheme, colors: { primary } } });
      await ask(box(), 'Revenue by region');
      // The pending question's bubble gives way to the echoed one: read the colours of the
      // bubble in the document once the service echoed it.
      await done(1);
      const bubble = document.querySelector('.ek-message--user .ek-message__bubble') as HTMLElement;
      const style = getComputedStyle(bubble);
      expect(contrast(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }, 30_000);
  }
});

describe('AgentChat at 390 px (point 11)', () => {
  it('composer, panels, tables and charts fit; tables scroll inside themselves', async () => {
    await page.viewport(390, 800);
    const wide = `| ${Array.from({ length: 12 }, (_, i) => `column ${i}`).join(' | ')} |\n|${' --- |'.repeat(12)}\n| ${Array.from({ length: 12 }, (_, i) => `value_${i}_without_breaks`).join(' | ')} |`;
    const initialThread = applyChatMessages(EMPTY_THREAD, [
      { id: '__cutoff__', state: { chatId: 'narrow', isStreaming: false } },
      { id: 'u0', role: 'user', content: 'A wide table please', sort: 0 },
      { id: 'a0', role: 'assistant', graphPath: ['final'], sort: 1, content: `Here:\n\n${wide}` },
    ]);
    setup({ initialThread }, { height: 760 });
    const restored = document.querySelector('.ek-list') as HTMLElement;
    expect(restored.scrollWidth).toBeLessThanOrEqual(restored.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    cleanup();

    const { box } = setup({}, { height: 760 });
    await ask(box(), 'list revenue by customer');
    await done(1);
    await ask(box(), 'Revenue by region');
    await done(2);
    await waitFor(() => expect(document.querySelectorAll('.mark-rect path').length).toBeGreaterThan(0), {
      timeout: 25_000,
    });
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    const chat = document.querySelector('.ek-chat') as HTMLElement;
    expect(chat.scrollWidth).toBeLessThanOrEqual(chat.clientWidth);
    const list = document.querySelector('.ek-list') as HTMLElement;
    expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    for (const el of [box(), screen.getByRole('button', { name: 'Send' }), ...document.querySelectorAll('.ek-tool')]) {
      const rect = el.getBoundingClientRect();
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(390);
    }
    for (const scroll of document.querySelectorAll<HTMLElement>('.ek-table__scroll'))
      expect(scroll.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    expect(box().getBoundingClientRect().width).toBeGreaterThan(250);
  }, 60_000);
});

function parseRgb(color: string): [number, number, number, number] {
  const parts = /rgba?\(([^)]+)\)/
    .exec(color)![1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}
function luminance(color: string): number {
  const [r, g, b] = parseRgb(color).map((c, i) => {
    if (i === 3) return c;
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
/** The first opaque background from `el` up. */
function backgroundOf(el: Element): string {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (parseRgb(color)[3] > 0) return color;
  }
  return 'rgb(255, 255, 255)';
}

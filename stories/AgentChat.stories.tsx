import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, ThemeProvider } from '../src';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage, type ChatThread } from '../src/protocol';
import { frozenTransport, mockTransport } from './support/chat';
import { askChat, chatDone, chatFrame, STORY_AGENT, STORY_USER } from './support/chat-play';

const meta = {
  title: 'Chat/AgentChat',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [chatFrame],
  args: { transport: mockTransport(), user: STORY_USER, agent: STORY_AGENT },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: suggested questions to start with. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Revenue by region' })).toBeVisible();
  },
};

/** A live conversation with the mock agent over HTTP (type anything about revenue or orders). */
export const Interactive: Story = {
  args: { transport: mockTransport('storybook-interactive'), showThinking: true },
};

/** Stops after `count` thinking tokens. */
function afterThinkingTokens(count: number) {
  let seen = 0;
  return (line: ChatMessage) => line.thinking !== undefined && ++seen === count;
}

/** Streaming, with the thinking panel open (development mode). */
export const StreamingWithThinking: Story = {
  args: {
    showThinking: true,
    transport: frozenTransport('Revenue by region', afterThinkingTokens(8)),
  },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.ek-thinking summary')).toHaveTextContent('Thinking…'));
    await expect(canvasElement.querySelector('.ek-thinking')).toHaveAttribute('open');
    await expect(canvasElement.querySelector('.ek-progress')).toHaveTextContent('Thinking…');
    await expect(canvas.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

/** Tool calls: the metadata search done, the SQL query still running. */
export const ToolCallsInProgress: Story = {
  args: { transport: frozenTransport('Revenue by region', (line) => line.toolCall?.name === 'platformSqlApi') },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(/Searched the data model/)).toBeVisible());
    await expect(canvas.getByText(/running…/)).toBeVisible();
    // Plain words, never the tool's internal name.
    await expect(canvasElement.querySelector('.ek-progress')).toHaveTextContent('Querying data…');
    await expect(canvas.getByRole('group', { name: 'Querying data' })).toBeVisible();
  },
};

/** A whole answer with a chart: tool calls done, SQL, the chart from the rows, the final answer. */
export const ChartAnswer: Story = {
  args: { transport: mockTransport('storybook-chart') },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(4), { timeout: 10_000 });
    await expect(canvasElement.querySelector('.ek-message--final')).toHaveTextContent(/leads with/);
  },
};

/** A table answer with more rows than were sent: "load all rows" fetches the rest. */
export const LoadAllRows: Story = {
  args: { transport: mockTransport('storybook-rows') },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'list revenue by customer');
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /Load all \d+ rows/ }, { timeout: 15_000 });
    await userEvent.click(button);
    await waitFor(() => expect(canvas.queryByRole('button', { name: /Load all/ })).toBeNull());
  },
};

/**
 * A table answer ("Top 5 customers by revenue": the agent sent no chart) switched to bars by
 * the user: the types that fit its columns are one pick away in the result's "View" menu.
 */
export const TableAnswerAsBars: Story = {
  args: { transport: mockTransport('storybook-switch') },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Top 5 customers by revenue');
    await chatDone(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'View: Table' }, { timeout: 10_000 }));
    await userEvent.click(canvas.getByRole('menuitemradio', { name: 'Horizontal bar' }));
    await waitFor(() => expect(canvasElement.querySelectorAll('.mark-rect path')).toHaveLength(5), { timeout: 10_000 });
    // The panel shows the title; the chart does not repeat it.
    await expect(canvasElement.querySelector('.ek-chart__view svg')).not.toHaveTextContent('Top 5');
  },
};

/**
 * A truncated answer's export menu: the CSV has all rows (through the data API), the host's
 * action ("Pin to my board", `resultActions`) follows the downloads.
 */
export const ResultExportMenu: Story = {
  args: {
    transport: mockTransport('storybook-export'),
    resultActions: () => [{ key: 'pin', label: 'Pin to my board', onSelect: () => 'Pinned' }],
  },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'list revenue by customer');
    await chatDone(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    const items = within(await canvas.findByRole('menu')).getAllByRole('menuitem');
    await expect(items[0]).toHaveTextContent(/^Download CSV \(all \d+ rows\)$/);
    await expect(items.at(-1)).toHaveTextContent('Pin to my board');
  },
};

/** The agent cannot answer: a tool error and a polite reply. */
export const ToolError: Story = {
  args: { transport: mockTransport('storybook-tool-error') },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'What is the weather in Oslo?');
    await chatDone(canvasElement);
    // Plain words; the raw error is under "Details".
    await expect(within(canvasElement).getByText('This question could not be answered from the data.')).toBeVisible();
  },
};

/**
 * The service fails (HTTP 500): the question stays in the thread, the error shows inline
 * under it with Retry (the raw cause under "Details"), and the typed text stays in the box.
 */
export const ServerError: Story = {
  args: { transport: mockTransport('storybook-500', { httpStatus: 500 }) },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('log');
    const alert = await within(log).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Something went wrong while answering.');
    await expect(within(log).getByText('Revenue by region')).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toHaveValue('Revenue by region');
    await userEvent.click(within(alert).getByText('Details'));
    await expect(within(alert).getByText(/Injected HTTP 500 \(mock\)/)).toBeVisible();
  },
};

/** Nobody is signed in: the host's chat proxy answers 401, and the chat asks to sign in. */
export const NotSignedIn: Story = {
  args: { transport: mockTransport('storybook-401', { httpStatus: 401 }) },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Sign in to use the chat.');
  },
};

/** The sign-in ended mid-conversation: the next question gets a 401, worded as such. */
export const SignInEnded: Story = {
  args: {
    transport: mockTransport('storybook-401-later', { httpStatus: 401 }),
    initialThread: applyChatMessages(EMPTY_THREAD, [
      { id: '__cutoff__', state: { chatId: 'ended', isStreaming: false } },
      { id: 'q1', role: 'user', content: 'Revenue by region', sort: 0 },
      { id: 'a1', role: 'assistant', graphPath: ['final'], content: 'Europe leads with **41%** of revenue.', sort: 1 },
    ]),
  },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Orders over time');
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Your sign-in has ended. Sign in again, then retry.');
  },
};

/** Keyboard: Enter on a suggestion asks it and leaves focus in the composer, visibly. */
export const FocusAfterSuggestion: Story = {
  args: { transport: mockTransport('storybook-focus') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Orders over time' }).focus();
    await userEvent.keyboard('{Enter}');
    await chatDone(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toHaveFocus();
  },
};

/** Development mode after a turn: the reasoning collapsed to "Thought for N s". */
export const CollapsedReasoning: Story = {
  args: { transport: mockTransport('storybook-reasoning'), showThinking: true },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    const panel = canvasElement.querySelector('.ek-thinking')!;
    await expect(panel).not.toHaveAttribute('open');
    await expect(panel.querySelector('summary')).toHaveTextContent(/Thought for \d+ s/);
  },
};

/** Answer actions: Copy, Regenerate on the latest answer, thumbs (with `onFeedback`); SQL opened. */
export const AnswerActions: Story = {
  args: { transport: mockTransport('storybook-actions'), onFeedback: fn() },
  play: async ({ canvasElement, args }) => {
    await askChat(canvasElement, 'Top 5 customers by revenue');
    await chatDone(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Copy answer' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Regenerate answer' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Good answer' }));
    await expect(args.onFeedback).toHaveBeenCalledWith(expect.objectContaining({ rating: 'up' }));
    await userEvent.click(canvas.getByText('SQL'));
    await waitFor(() => expect(canvasElement.querySelector('.ek-sql[data-formatted]')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** Every string replaced through `labels` (here German). */
export const Labels: Story = {
  args: {
    transport: mockTransport('storybook-labels'),
    suggestions: ['Umsatz nach Region'],
    labels: {
      regionLabel: 'Chat mit dem Datenanalysten',
      logLabel: 'Unterhaltung',
      emptyTitle: 'Fragen Sie nach Ihren Daten',
      composerLabel: 'Frage stellen',
      composerPlaceholder: 'Fragen Sie nach Ihren Daten…',
      send: 'Senden',
      stop: 'Stopp',
      announceDone: 'Fertig.',
      announceAnswering: 'Antwortet…',
      tool: (kind) => (kind === 'sql' ? 'Daten abfragen' : kind === 'meta' ? 'Datenmodell durchsuchen' : 'Werkzeug'),
      searchedModel: (query, views) => `Datenmodell durchsucht${query ? ` nach „${query}“` : ''}: ${views} Ansichten`,
      copy: 'Antwort kopieren',
      regenerate: 'Neu erzeugen',
      answerActions: 'Aktionen zur Antwort',
      answerPrefix: 'Antwort: ',
      sql: 'SQL',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Umsatz nach Region' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Fertig.'), { timeout: 15_000 });
    await expect(canvas.getByRole('group', { name: 'Daten abfragen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Antwort kopieren' })).toBeVisible();
  },
};

/** A brand colour the default foreground cannot be read on: the theme picks a readable one. */
export const BrandColour: Story = {
  args: { transport: mockTransport('storybook-brand') },
  decorators: [(Story) => <ThemeProvider theme={{ colors: { primary: '#f59e0b' } }}>{Story()}</ThemeProvider>],
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    const bubble = canvasElement.querySelector('.ek-message--user .ek-message__bubble')!;
    await expect(getComputedStyle(bubble).color).toBe('rgb(15, 23, 42)');
  },
};

/** A phone (390 px): composer, panels, tables and charts all fit. */
export const Narrow: Story = {
  args: { transport: mockTransport('storybook-narrow') },
  decorators: [(Story) => <div style={{ width: 390, height: 700 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by region');
    await chatDone(canvasElement);
    const list = canvasElement.querySelector('.ek-list') as HTMLElement;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

/** Stopped by the user: everything received so far is kept. */
export const Aborted: Story = {
  args: { transport: mockTransport('storybook-abort', { lineDelayMs: 40 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await askChat(canvasElement, 'Revenue by region');
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(canvas.getByText('Stopped. Everything received so far is kept.')).toBeVisible(), {
      timeout: 10_000,
    });
    await expect(canvasElement.querySelector('.ek-message--user')).toHaveTextContent('Revenue by region');
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toHaveFocus();
  },
};

function longThread(turns: number): ChatThread {
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'long', isStreaming: false } }];
  for (let i = 0; i < turns; i++) {
    lines.push({ id: `u${i}`, role: 'user', content: `Question ${i + 1}: how did region ${i % 4} do?`, sort: i * 2 });
    lines.push({
      id: `a${i}`,
      role: 'assistant',
      graphPath: ['final'],
      sort: i * 2 + 1,
      content: `Answer ${i + 1}: **region ${i % 4}** grew by ${(i * 7) % 23}% — see the table:\n\n| month | revenue |\n|---|---|\n| Jan | ${1000 + i} |\n| Feb | ${1100 + i} |`,
    });
  }
  return applyChatMessages(EMPTY_THREAD, lines);
}

/** A long thread (400 messages): off-screen rows skip layout and paint. */
export const LongThread: Story = {
  args: { initialThread: longThread(200) },
  // axe over all 400 rows takes ~12 s; the rows repeat, so it checks the first 20 and the composer.
  parameters: { a11y: { context: { include: ['.ek-row:nth-child(-n+20)', '.ek-composer'] } } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.ek-row')).toHaveLength(400);
    await expect(getComputedStyle(canvasElement.querySelector('.ek-row')!).contentVisibility).toBe('auto');
  },
};

/**
 * In a page that gives it no height, the chat has its own, `min(80vh, 720px)` (or
 * `--ek-chat-height`), and a long thread scrolls inside it: the composer stays in view.
 */
export const OwnHeight: Story = {
  args: { initialThread: longThread(20) },
  parameters: { containerHeight: 'auto' },
  play: async ({ canvasElement }) => {
    const chat = canvasElement.querySelector('.ek-chat')!;
    const expected = Math.min(window.innerHeight * 0.8, 720);
    await expect(Math.abs(chat.getBoundingClientRect().height - expected)).toBeLessThan(1);
    const list = canvasElement.querySelector('.ek-list')!;
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
  },
};

/** The user's picture fails to load: initials; the agent has no picture: its initials. */
export const AvatarFallback: Story = {
  args: {
    transport: mockTransport('storybook-avatar'),
    user: { displayName: 'Zoë Ångström', picture: 'http://127.0.0.1:9/broken.png' },
  },
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Orders over time');
    await chatDone(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByText('ZÅ')[0]).toBeVisible());
    await expect(within(canvasElement).getAllByText('DA')[0]).toBeVisible();
  },
};

/** Dark theme: the chat and its chart follow the theme. */
export const DarkTheme: Story = {
  args: { transport: mockTransport('storybook-dark') },
  decorators: [
    (Story) => (
      <ThemeProvider theme={{ colorScheme: 'dark' }}>
        <div style={{ height: '100%', background: '#0f172a' }}>{Story()}</div>
      </ThemeProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    await askChat(canvasElement, 'Revenue by category');
    await chatDone(canvasElement);
    const root = canvasElement.querySelector('.ek-chat') as HTMLElement;
    await expect(root.style.getPropertyValue('--ek-color-background')).toBe('#0f172a');
  },
};

const poisoned = applyChatMessages(EMPTY_THREAD, [
  { id: 'q1', role: 'user', content: 'Revenue by region', sort: 1 },
  { id: 'bad', role: 'assistant', content: 'This answer cannot be drawn.', sort: 2, graphPath: ['final'] },
  { id: 'q2', role: 'user', content: 'Orders over time', sort: 3 },
  { id: 'ok', role: 'assistant', content: 'Orders grew every month.', sort: 4, graphPath: ['final'] },
]);

/**
 * One message cannot be drawn (here the host's `renderMessage` throws for it): its row says
 * "This part could not be shown", `onError` gets a `render` ChatError, the rest goes on.
 */
export const MessageCannotBeShown: Story = {
  args: {
    initialThread: poisoned,
    onError: fn(),
    renderMessage: (message, standard) => {
      if (message.id === 'bad') throw new Error('This renderer failed');
      return standard;
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This part could not be shown')).toBeVisible();
    await expect(canvas.getByText('Orders grew every month.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'render', fatal: false }));
  },
};

/** The conversation itself cannot be drawn (the host's `renderEmpty` throws): the composer stays. */
export const ConversationCannotBeShown: Story = {
  args: {
    onError: fn(),
    renderEmpty: () => {
      throw new Error('This empty state failed');
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This part could not be shown')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Ask a question' })).toBeEnabled();
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'render', message: expect.stringContaining('The conversation') }),
    );
  },
};

/** The question near the transport's `maxInputLength` (here 60): a character count under the box. */
export const NearTheLengthLimit: Story = {
  args: { transport: { ...mockTransport('storybook-limit'), maxInputLength: 60 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Ask a question' });
    await userEvent.type(box, 'Revenue by region for every country, per month, last year');
    await expect(canvas.getByText('57 / 60 characters')).toBeVisible();
    await expect(box).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');
  },
};

/**
 * Past the limit: the box is invalid, an alert says to shorten the question, Send is
 * disabled and Enter sends nothing; the text stays as typed.
 */
export const OverTheLengthLimit: Story = {
  args: { transport: { ...mockTransport('storybook-limit-over'), maxInputLength: 60 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Ask a question' });
    const question = 'Revenue by region for every country and category, per month, last year';
    await userEvent.type(box, `${question}{Enter}`);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too long to send: shorten it to 60 characters.');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveValue(question);
    await expect(canvas.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvasElement.querySelector('.ek-message--user')).toBeNull(); // nothing asked
  },
};

/**
 * A question past the limit that reached `send()` another way (a suggestion, the host's
 * code): refused before the network, kept in the thread with the reason, and no Retry.
 */
export const QuestionTooLong: Story = {
  args: {
    transport: { ...mockTransport('storybook-too-long'), maxInputLength: 20 },
    suggestions: ['Revenue by region and country, per month'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Revenue by region and country, per month' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This question is too long to send.');
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
    await expect(canvas.getByRole('log')).toHaveTextContent('Revenue by region and country, per month');
  },
};

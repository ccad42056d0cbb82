import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgentChat, type ChatTransport } from '../src';
import { mockTransport } from './support/chat';

/**
 * What the user sees when the network or the service misbehaves: each error in plain words
 * with the question kept and Retry, a rate limit's countdown, and a re-join in progress.
 */
const meta = {
  title: 'Chat/Recovery',
  component: AgentChat,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ height: 560, maxWidth: 860, margin: '0 auto' }}>{Story()}</div>],
  args: { transport: mockTransport('storybook-recovery'), user: { displayName: 'Uma User' } },
} satisfies Meta<typeof AgentChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const QUESTION = 'Revenue by region';

async function ask(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Ask a question' }), `${QUESTION}{Enter}`);
  return canvas;
}

/** The alert under the question, once it shows. */
async function failed(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  const log = await canvas.findByRole('log');
  const alert = await within(log).findByRole('alert', {}, { timeout: 10_000 });
  await expect(alert).toHaveTextContent(text);
  await expect(within(log).getByText(QUESTION)).toBeVisible();
  return alert;
}

/**
 * A gateway answered HTTP 200 with its HTML error page: not a chat stream. The question
 * stays, with Retry; the page's content type is under "Details".
 */
export const BadResponse: Story = {
  args: { transport: mockTransport('storybook-bad-response', { htmlBody: true }) },
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
    const alert = await failed(canvasElement, 'The chat service sent an answer that could not be read.');
    await userEvent.click(within(alert).getByText('Details'));
    await expect(within(alert).getByText(/text\/html/)).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/**
 * HTTP 429 with `Retry-After: 3`: "Try again in N s" counts down and Retry is disabled until
 * then (the store would wait anyway).
 */
export const RateLimited: Story = {
  args: { transport: mockTransport('storybook-rate-limited', { httpStatus: 429, retryAfterSeconds: 3 }) },
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
    const alert = await failed(canvasElement, 'Too many questions right now.');
    await expect(alert).toHaveTextContent(/Try again in [123] s\./);
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    await expect(retry).toBeDisabled();
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 6000 });
    await expect(alert).not.toHaveTextContent(/Try again in/);
  },
};

/** The thread is still answering another question (e.g. in another tab): the service says it is busy. */
const busyTransport: ChatTransport = {
  url: '/busy/stream-chat-state',
  fetch: async () =>
    new Response('{"error":"Streaming for thread is in progress"}\n', {
      headers: { 'Content-Type': 'application/json' },
    }),
};

export const Busy: Story = {
  args: { transport: busyTransport },
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
    const alert = await failed(canvasElement, 'The previous answer is still being written. Try again in a moment.');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/**
 * Every response of the turn drops after 4 lines, re-joins too (a slow turn, so it still runs
 * meanwhile): after its re-joins the turn ends as interrupted, keeping everything received
 * (the question and the reasoning so far).
 */
export const Interrupted: Story = {
  args: {
    showThinking: true,
    transport: mockTransport('storybook-interrupted', { dropAfterLines: 4, lineDelayMs: 100 }),
  },
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
    const alert = await failed(canvasElement, 'The connection dropped before the answer was complete.');
    await expect(canvasElement.querySelector('.ek-message--user')).toHaveTextContent(QUESTION);
    await expect(canvasElement.querySelector('.ek-thinking')).not.toBeNull();
    // Nothing stays "Thinking…" once the turn has failed.
    await expect(canvasElement.querySelector('.ek-thinking summary')).not.toHaveTextContent('Thinking…');
    await expect(canvasElement.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/**
 * A response that gives exactly `lines` lines, then fails as a dropped connection does. Cut
 * here, in the page, rather than by the mock's `dropAfterLines`: a connection the server
 * drops can lose its last line on the way, and this story needs that line (the query
 * starting).
 */
function cutAfterLines(response: Response, lines: number): Response {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = '';
  let given = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      // With no queue (highWaterMark 0) a pull means every line given so far was read.
      async pull(controller) {
        if (given >= lines) {
          void reader.cancel();
          controller.error(new TypeError('network error (story: connection dropped)'));
          return;
        }
        let end = buffer.indexOf('\n');
        while (end < 0) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          buffer += decoder.decode(value, { stream: true });
          end = buffer.indexOf('\n');
        }
        controller.enqueue(encoder.encode(buffer.slice(0, end + 1)));
        buffer = buffer.slice(end + 1);
        given++;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * The connection dropped while the query ran, and the re-joins failed too: the SQL step says
 * "Did not finish." instead of "running…", and nothing is marked busy.
 */
let droppedRequests = 0;
function droppedTransport(): ChatTransport {
  const base = mockTransport('storybook-interrupted-query', { lineDelayMs: 5 });
  return {
    ...base,
    // The first request drops as the query starts (line 33); every re-join finds no network.
    fetch: async (input, init) => {
      if (droppedRequests++ > 0) throw new TypeError('Failed to fetch (story)');
      return cutAfterLines(await fetch(input, init), 33);
    },
  };
}

export const InterruptedDuringQuery: Story = {
  args: { showThinking: true, transport: droppedTransport() },
  // A fresh count for each render (a retried test renders the story again).
  beforeEach: () => {
    droppedRequests = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    // Not `failed()`: the step's title is the question's words too.
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('The connection dropped before the answer was complete.');
    const step = canvasElement.querySelector('[data-kind="sql"]');
    await expect(step).toHaveTextContent('Did not finish.');
    await expect(step).not.toHaveTextContent('running…');
    await expect(canvasElement.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
  },
};

/** The connection dropped mid-answer and the re-join is under way: "Reconnecting…", Stop still there. */
let reconnectingRequests = 0;
function reconnectingTransport(): ChatTransport {
  const base = mockTransport('storybook-reconnecting', { dropAfterLines: 12, lineDelayMs: 20 });
  return {
    ...base,
    // The first request drops; the re-join hangs (until stopped).
    fetch: (input, init) =>
      reconnectingRequests++ === 0
        ? fetch(input, init)
        : new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
          ),
  };
}

export const Reconnecting: Story = {
  args: { transport: reconnectingTransport() },
  beforeEach: () => {
    reconnectingRequests = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('.ek-progress')).toHaveTextContent('Reconnecting…'), {
      timeout: 10_000,
    });
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(canvasElement.querySelector('.ek-message--user')).toHaveTextContent(QUESTION);
  },
};

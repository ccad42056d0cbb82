// Issue 17, point 1: one hostile message never takes down more than its own row: not the
// chat, not the host's React app around it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentChat, defaultChatMessages, type ChatError, type ChatTransport } from '../../../src';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage } from '../../../src/protocol';

/** A transport that answers every request with these NDJSON lines, as written. */
const streaming = (lines: string[]): ChatTransport => ({
  url: '/chat',
  fetch: async () => new Response(lines.join('\n') + '\n', { headers: { 'Content-Type': 'application/json' } }),
});

function host(props: Parameters<typeof AgentChat>[0]) {
  const errors: ChatError[] = [];
  render(
    <main>
      <h1>Host app</h1>
      <AgentChat {...props} onError={(error) => errors.push(error)} />
    </main>,
  );
  return errors;
}

afterEach(() => vi.restoreAllMocks());

describe('hostile chat lines', () => {
  it("the issue's two lines: the host app stays mounted and the message keeps its content", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs what it recovers from
    host({
      transport: streaming([
        '{"id":"__cutoff__","state":{"chatId":"c","isStreaming":true}}',
        '{"id":"u","role":"user","sort":4}',
        '{"id":"u","__proto__":{"content":{"x":1}}}',
        '{"id":"a","role":"assistant","sort":5,"content":"Fine.","graphPath":["final"]}',
      ]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    await waitFor(() => expect(screen.getByText('Fine.')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeInTheDocument();
    const user = document.querySelector('[data-id="u"]')!;
    expect(user).toBeInTheDocument();
    expect(user.textContent).toBe(''); // the message has no content: none came from `__proto__`
    expect(screen.queryByText(defaultChatMessages.partFailed)).toBeNull();
  });

  it('a row whose rendering throws shows "This part could not be shown", reports a render error, and nothing else breaks', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const thread = applyChatMessages(EMPTY_THREAD, [
      { id: 'q', role: 'user', content: 'first question', sort: 1 },
      { id: 'bad', role: 'assistant', content: 'poisoned', sort: 2 },
      { id: 'ok', role: 'assistant', content: 'a good answer', sort: 3 },
    ]);
    const errors = host({
      transport: streaming([]),
      initialThread: thread,
      renderMessage: (message, standard) => {
        if (message.id === 'bad') throw new Error('renderer exploded');
        return standard;
      },
    });
    expect(await screen.findByText(defaultChatMessages.partFailed)).toBeInTheDocument();
    expect(screen.getByText('first question')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('a good answer')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ask a question' })).toBeEnabled();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'render', fatal: false });
    expect(errors[0]!.message).toContain('Message bad could not be shown: renderer exploded');
  });

  it('a thread from elsewhere (restored, not schema-checked) with fields of every wrong type: each row survives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const junk: unknown[] = [5, -1, 1e308, true, null, [], ['x'], {}, { x: 1 }, '__proto__'];
    const messages = junk.flatMap((value, i) =>
      ['content', 'thinking', 'toolCall', 'graphPath', 'isInProcess', 'sort', 'role'].map(
        (field) =>
          ({
            id: `m${i}-${field}`,
            role: 'assistant',
            content: `row ${i} ${field}`,
            [field]: value,
          }) as unknown as ChatMessage,
      ),
    );
    const errors = host({
      transport: streaming([]),
      showThinking: true,
      initialThread: { chatId: 'c', isStreaming: false, messages },
    });
    await waitFor(() => expect(screen.getAllByRole('listitem').length).toBe(messages.length));
    expect(screen.getByRole('heading', { name: 'Host app' })).toBeInTheDocument();
    expect(screen.getByText('row 0 thinking')).toBeInTheDocument();
    expect(errors.filter((e) => e.kind === 'render')).toEqual([]); // every field checked where drawn
  });
});

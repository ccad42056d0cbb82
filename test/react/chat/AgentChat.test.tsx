import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY } from '../../../src/mock';
import { chatStreamUrl } from '../../../src/protocol';
import { AgentChat, type ChatTransport } from '../../../src';

const ORIGIN = 'http://mock.test';

function setup(
  options: { lineDelayMs?: number; transport?: Partial<ChatTransport>; props?: Record<string, unknown> } = {},
) {
  const mock = createMockService({ lineDelayMs: options.lineDelayMs ?? 0 });
  const transport: ChatTransport = {
    url: chatStreamUrl({ origin: ORIGIN, cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' }),
    fetch: mock.fetch,
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'ui-user' },
    dataUrl: `${ORIGIN}/cubejs-api/v1/cubesql`,
    ...options.transport,
  };
  const utils = render(
    <div style={{ height: 600 }}>
      <AgentChat
        transport={transport}
        user={{ displayName: 'Uma User', picture: 'https://cdn.example.test/uma.png' }}
        {...options.props}
      />
    </div>,
  );
  return { ...utils, mock, transport };
}

const log = () => screen.getByRole('log');

describe('<AgentChat>', () => {
  it('asks a suggested question and shows the whole answer', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Top 5 customers by revenue' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    const answer = log().querySelector('.ek-message--final')!;
    expect(answer).toHaveTextContent(/leads with/);
    await waitFor(() => expect(answer.querySelector('strong')).not.toBeNull()); // markdown, a lazy chunk
    expect(screen.getByText(/Searched the data model for “revenue customer”: 1 view/)).toBeInTheDocument();
    const tool = screen.getByRole('group', { name: 'Querying data' });
    expect(tool.querySelector('.ek-tool__title')).toHaveTextContent(/Top 5: revenue by customer/i);
    expect(within(tool).getAllByRole('row')).toHaveLength(6);
    await userEvent.click(within(tool).getByText('SQL')); // the SQL block renders when opened
    await waitFor(() => expect(tool.querySelector('.ek-sql')).toHaveTextContent(/SELECT customer, SUM\(revenue\)/i));
    // The highlighted block is a lazy chunk (plain SQL shows until it arrives).
    await waitFor(() => expect(tool.querySelector('.ek-sql__keyword')).not.toBeNull());
    expect(log()).toHaveAttribute('aria-busy', 'false');
  }, 15_000); // the first SQL opening loads sql-formatter

  it('Enter sends, Shift+Enter adds a line; Stop shows while streaming and stops', async () => {
    setup({ lineDelayMs: 8 });
    const box = screen.getByRole('textbox', { name: 'Ask a question' });
    await userEvent.type(box, 'Revenue{Shift>}{Enter}{/Shift}by region');
    expect(box).toHaveValue('Revenue\nby region');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(box).toHaveValue('')); // once the service accepted it
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await waitFor(() => expect(log()).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(stop);
    await waitFor(() => expect(screen.getByText('Stopped. Everything received so far is kept.')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Stopped.');
    expect(log().querySelector('[data-id]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows errors plainly with Retry, and tool errors inside the answer', async () => {
    const { mock } = setup();
    mock.faults = { httpStatus: 500 };
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while answering.');
    expect(alert).toHaveTextContent('Injected HTTP 500 (mock)'); // under "Details"
    expect(log()).toHaveTextContent('Revenue by region'); // the question stays
    mock.faults = {};
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByRole('textbox'), 'what is the weather{Enter}');
    await waitFor(() =>
      expect(screen.getByText('This question could not be answered from the data.')).toBeInTheDocument(),
    );
    expect(screen.getByText(/No measure or dimension/)).toBeInTheDocument(); // raw, under "Details"
  });

  it('words a 401 for a user who never signed in, one whose sign-in ended, and a 403', async () => {
    const { mock } = setup();
    mock.faults = { httpStatus: 401 };
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in to use the chat.');
    mock.faults = {};
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    mock.faults = { httpStatus: 401 };
    await userEvent.type(screen.getByRole('textbox'), 'Orders over time{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has ended. Sign in again, then retry.');
    mock.faults = { httpStatus: 403 };
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to the chat.'));
  });

  it('loads all rows of a truncated result through the data API', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox'), 'list revenue by customer{Enter}');
    const button = await screen.findByRole('button', { name: /Load all \d+ rows/ });
    const total = Number(/Load all (\d+) rows/.exec(button.textContent!)![1]);
    expect(screen.getByText(/Rows 1–25 of 100/)).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByText(new RegExp(`Rows 1–25 of ${total}$`))).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Load all/ })).toBeNull();
  });

  it('never renders raw HTML, images or script links from the agent', async () => {
    const hostile = [
      { id: '__cutoff__', state: { chatId: 'c1', isStreaming: true } },
      { id: 'u', role: 'user', content: 'hi', sort: 0 },
      {
        id: 'a',
        role: 'assistant',
        graphPath: ['final'],
        sort: 1,
        content:
          '<img src=x onerror="alert(1)"> <script>alert(2)</script> **bold** ![pic](https://tracker.test/p.png) [click](javascript:alert(3)) [ok](https://example.test)',
      },
    ];
    const body = hostile.map((line) => JSON.stringify(line)).join('\n');
    setup({
      transport: { fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }) },
    });
    await userEvent.type(screen.getByRole('textbox'), 'hi{Enter}');
    const answer = await waitFor(() => {
      const found = log().querySelector('.ek-message--final');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(answer.querySelector('img, script')).toBeNull();
    expect(answer.querySelector('strong')).toHaveTextContent('bold');
    const links = [...answer.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.test']);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(answer).toHaveTextContent('click'); // the refused link stays as text
  });

  it('re-renders only the rows that change: finished rows stay put', async () => {
    const renders = new Map<string, number>();
    setup({
      props: {
        renderMessage: (message: { id: string }, standard: React.ReactNode) => {
          renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
          return standard;
        },
      },
    });
    await userEvent.type(screen.getByRole('textbox'), 'Revenue by region{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    const firstTurn = new Map(renders);
    await userEvent.type(screen.getByRole('textbox'), 'Orders over time{Enter}');
    await waitFor(() => expect(log().querySelectorAll('.ek-message--final')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'));
    for (const [id, count] of firstTurn) expect(renders.get(id), id).toBe(count);
  });

  it('falls back to initials when the user picture fails', async () => {
    setup();
    await userEvent.type(screen.getByRole('textbox'), 'Revenue by region{Enter}');
    const picture = await screen.findByRole('img', { name: 'Uma User' });
    act(() => fireEvent.error(picture));
    expect(screen.getByRole('img', { name: 'Uma User' })).toHaveTextContent('UU');
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMockService, MOCK_ADMIN_KEY } from '../../../../src/mock';
import { chatStreamUrl, type MetaResponse } from '../../../../src/protocol';
import { AgentChat, type AgentChatProps, type ChatError, type ChatTransport } from '../../../../src';
import { mockMeta } from './fixtures';

const ORIGIN = 'http://mock.test';

function setup(props: Partial<AgentChatProps> = {}, lineDelayMs = 0) {
  const mock = createMockService({ lineDelayMs });
  const transport: ChatTransport = {
    url: chatStreamUrl({ origin: ORIGIN, cloudRegion: 'aws-us-east-1', accountName: 'acme', agentId: 'analyst' }),
    fetch: mock.fetch,
    headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}` },
    sessionSettings: { externalId: 'suggest-user' },
  };
  const onError = vi.fn<(error: ChatError) => void>();
  render(
    <div style={{ height: 600 }}>
      <AgentChat transport={transport} onError={onError} {...props} />
    </div>,
  );
  return { onError };
}

const starters = () => screen.findByRole('list', { name: 'Suggested questions' });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((b) => b.textContent);
const done = () => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Done.'), { timeout: 5_000 });
const followUps = () => screen.findByRole('list', { name: 'Ask next' }, { timeout: 5_000 });
const questions = () => [...screen.getByRole('log').querySelectorAll('.ek-message--user')].map((m) => m.textContent);

describe('suggestions', () => {
  it('the empty chat offers questions from the data model; each answer ends with follow-ups that ask', async () => {
    setup({ dataModel: mockMeta });
    expect(names(await starters())).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    await done();
    const list = await followUps();
    expect(names(list)).toEqual([
      'Revenue over time',
      'Revenue by country',
      'Show revenue by region as a table',
      'Revenue by product category',
    ]);
    // Said once, politely; not the chat's own status.
    expect(document.querySelector('.ek-followups [aria-live="polite"]')).toHaveTextContent(
      '4 suggested questions to ask next',
    );
    // By keyboard: a button in the tab order, Enter asks it, focus goes back to the composer.
    within(list).getByRole('button', { name: 'Revenue by country' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Ask a question' })).toHaveFocus();
    await done();
    expect(questions()).toEqual(['Revenue by region', 'Revenue by country']);
    // The next answer's follow-ups never repeat a question asked.
    expect(names(await followUps())).not.toContain('Revenue by region');
  });

  it("is hidden while a turn streams, the last answer's included", async () => {
    setup({ dataModel: mockMeta }, 2);
    await userEvent.click(await within(await starters()).findByRole('button', { name: 'Revenue over time' }));
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByRole('list', { name: 'Ask next' })).toBeNull();
    await done();
    const list = await followUps();
    expect(names(list)).toContain('Compare revenue with the previous period');
    await userEvent.click(within(list).getByRole('button', { name: 'Revenue by region' }));
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true'));
    // Checked on every change until the answer is done: never shown meanwhile.
    while (screen.getByRole('status').textContent !== 'Done.') {
      expect(screen.queryByRole('list', { name: 'Ask next' })).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(names(await followUps())).toContain('Revenue by country');
  }, 20_000); // two whole turns, streamed line by line

  it('a data model that fails, or is not one, leaves the fixed list and is reported', async () => {
    const { onError } = setup({ dataModel: () => Promise.reject(new Error('meta down')) });
    expect(names(await starters())).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'render', fatal: false }));
    expect(onError.mock.calls[0]![0].message).toMatch(/meta down/);
  });

  it('a data model of the wrong shape is refused', async () => {
    const { onError } = setup({ dataModel: { cubes: 'nope' } as unknown as MetaResponse });
    expect(names(await starters())).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
    expect(onError.mock.calls[0]![0].message).toMatch(/not a \/meta answer/);
  });

  it("the host's function extends the defaults, at once or as a promise", async () => {
    setup({
      dataModel: async () => mockMeta,
      suggestions: async (defaults, { meta }) => [...defaults.slice(0, 2), `Cubes: ${meta?.cubes.length}`],
    });
    expect(names(await starters())).toEqual(['Revenue by region', 'Revenue over time', 'Cubes: 1']);
  });

  it("a host's list replaces them, data model or not", async () => {
    setup({ dataModel: mockMeta, suggestions: ['Only this'] });
    expect(screen.getByRole('button', { name: 'Only this' })).toBeInTheDocument();
  });

  it('a suggestions function that throws keeps the defaults', async () => {
    const { onError } = setup({
      dataModel: mockMeta,
      suggestions: () => {
        throw new Error('host bug');
      },
    });
    expect(names(await starters())).toHaveLength(4);
    expect(onError.mock.calls[0]![0].message).toMatch(/host bug/);
  });

  it('a suggestions function without a data model gets the fixed list', async () => {
    const { onError } = setup({ suggestions: () => 'garbage' as unknown as string[] });
    expect(names(await starters())).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
    expect(onError.mock.calls[0]![0].message).toMatch(/not a list of questions/);
  });

  it('hostile titles stay text and short', async () => {
    const meta: MetaResponse = {
      cubes: [
        {
          name: 'c',
          title: 'C',
          measures: [{ name: 'c.m', title: `<img src=x onerror="alert(1)">${'M'.repeat(10_000)}`, type: 'number' }],
          dimensions: [
            { name: 'c.d', title: '<script>alert(1)</script>', type: 'string' },
            { name: 'c.t', title: 'T', type: 'time' },
          ],
        },
      ],
    };
    setup({ dataModel: meta });
    const buttons = within(await starters()).getAllByRole('button');
    expect(buttons[0]!.textContent).toMatch(/^<img src=x onerror="alert\(1\)">M+… by <script>alert\(1\)<\/script>$/);
    for (const button of buttons) expect(button.textContent!.length).toBeLessThan(200);
    expect(document.querySelector('.ek-chat img, .ek-chat script')).toBeNull();
  });

  it('followUps={false} shows none', async () => {
    setup({ followUps: false });
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    await done();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'Ask next' })).toBeNull();
  });

  it('a followUps function gets the answer and the defaults', async () => {
    const map = vi.fn(
      (answer: { question?: string; results: readonly { totalRows: number }[] }, defaults: readonly string[]) => [
        `${answer.question} again, in ${answer.results[0]!.totalRows} rows`,
        ...defaults.slice(0, 1),
      ],
    );
    setup({ followUps: map });
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    await done();
    expect(names(await followUps())).toEqual(['Revenue by region again, in 4 rows', 'Revenue over time']);
  });

  it('a followUps function that throws keeps the defaults', async () => {
    const { onError } = setup({
      followUps: () => {
        throw new Error('mapper bug');
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Revenue by region' }));
    await done();
    expect(names(await followUps())).toContain('Revenue over time');
    await waitFor(() => expect(onError.mock.calls.some(([e]) => /mapper bug/.test(e.message))).toBe(true));
  });
});

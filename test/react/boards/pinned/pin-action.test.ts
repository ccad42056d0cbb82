import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ParsedSqlToolCall } from '../../../../src/protocol';
import { answerToPin, createLocalBoardStore, pinResultAction, type BoardStorage } from '../../../../src/react/boards';

const memory = (): BoardStorage => {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
};

const call = (result: Partial<NonNullable<ParsedSqlToolCall['result']>> | undefined): ParsedSqlToolCall => ({
  kind: 'sql',
  name: 'platformSqlApi',
  status: 'done',
  input: undefined,
  error: undefined,
  result: result && {
    sqlQuery: 'SELECT region, SUM(revenue) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC',
    columns: [],
    rows: [],
    totalRows: 0,
    truncated: false,
    ...result,
  },
});
const message = { id: 'm1', role: 'assistant' } as ChatMessage;

describe('answerToPin', () => {
  it('keeps the title, question, SQL and spec of a chat result, and the chart view', () => {
    const spec = { mark: 'bar' };
    expect(
      answerToPin(call({ queryTitle: 'Revenue by region', userRequest: 'Revenue\nby region?', vegaSpec: spec })),
    ).toEqual({
      title: 'Revenue by region',
      question: 'Revenue by region?',
      sqlQuery: 'SELECT region, SUM(revenue) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC',
      view: 'chart',
      vegaSpec: JSON.stringify(spec),
    });
  });
  it('a table without a spec, a title from the question, a spec past the limit dropped, nothing without SQL', () => {
    expect(answerToPin(call({ userRequest: 'top customers' }))).toMatchObject({
      title: 'top customers',
      view: 'table',
    });
    const huge = answerToPin(call({ vegaSpec: { data: 'x'.repeat(250_000) } }))!;
    expect([huge.view, huge.vegaSpec, huge.title]).toEqual(['table', undefined, 'Pinned answer']);
    expect(answerToPin(call(undefined))).toBeUndefined();
    expect(answerToPin(call({ sqlQuery: '   ' }))).toBeUndefined();
    expect(answerToPin(call({ queryTitle: 't'.repeat(5_000) }))!.title).toHaveLength(200);
  });
});

describe('pinResultAction', () => {
  it('"Pin to board" calls onPin with the answer and says it is pinned; a failure says why', async () => {
    const onPin = vi.fn();
    const [action] = pinResultAction({ onPin })(call({ queryTitle: 'Revenue' }), message)!;
    expect(action!.label).toBe('Pin to board');
    expect(action!.dialog).toBeUndefined();
    await expect(action!.onSelect!()).resolves.toBe('Pinned to the board');
    expect(onPin).toHaveBeenCalledWith(expect.objectContaining({ title: 'Revenue', view: 'table' }), message);
    const failing = pinResultAction({
      onPin: () => Promise.reject(new Error('The board is full')),
      labels: { failed: (reason) => `Nope: ${reason}` },
    });
    await expect(failing(call({}), message)![0]!.onSelect!()).resolves.toBe('Nope: The board is full');
    expect(pinResultAction({ onPin })(call(undefined), message)).toBeUndefined();
  });

  it('names the board onPin resolves with, and links to it with boardHref', async () => {
    const onPin = vi.fn().mockResolvedValue({ id: 'b 1', title: '  Sales\nboard ' });
    const [linked] = pinResultAction({ onPin, boardHref: (id) => `/board?id=${encodeURIComponent(id)}` })(
      call({ queryTitle: 'Revenue' }),
      message,
    )!;
    await expect(linked!.onSelect!()).resolves.toEqual({
      text: 'Pinned to “Sales board”.',
      link: { href: '/board?id=b%201', label: 'Open the board' },
    });
    const [plain] = pinResultAction({ onPin })(call({ queryTitle: 'Revenue' }), message)!;
    await expect(plain!.onSelect!()).resolves.toEqual({ text: 'Pinned to “Sales board”.' });
  });

  it('with a store, "Pin to board…" opens a dialog instead of pinning at once', () => {
    const store = createLocalBoardStore({ storage: memory() });
    const [action] = pinResultAction({ store, user: { id: 'erin' } })(call({ queryTitle: 'Revenue' }), message)!;
    expect(action!.label).toBe('Pin to board…');
    expect(action!.onSelect).toBeUndefined();
    expect(typeof action!.dialog).toBe('function');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentChat, type ChatTransport } from '../../../../src';
import type { MetaResponse } from '../../../../src/protocol';
import {
  DataError,
  SemanticProvider,
  useChatDataModel,
  useSemanticMeta,
  type DataSource,
} from '../../../../src/react/native';
import { mockMeta } from '../../chat/suggest/fixtures';

afterEach(() => cleanup());

/** Never asked: these tests only look at the empty chat. */
const transport: ChatTransport = { url: 'http://chat.test/stream-chat-state', fetch: () => new Promise(() => {}) };

const source = (meta: () => Promise<MetaResponse>): DataSource => ({
  load: () => Promise.reject(new Error('not in this test')),
  meta,
  reset: () => undefined,
});

function Chat() {
  return <AgentChat transport={transport} dataModel={useChatDataModel()} />;
}

const starters = async () =>
  within(await screen.findByRole('list', { name: 'Suggested questions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('useChatDataModel', () => {
  it("gives the chat the provider's model: one request, shared with the widgets", async () => {
    const meta = vi.fn(async () => mockMeta);
    function Widget() {
      const { data } = useSemanticMeta();
      return <p>{data ? `${data.cubes.length} cube` : 'loading'}</p>;
    }
    render(
      <SemanticProvider source={source(meta)} queryClient={new QueryClient()}>
        <Widget />
        <Chat />
      </SemanticProvider>,
    );
    expect(await starters()).toEqual([
      'Revenue by region',
      'Revenue over time',
      'Top 10 customers by revenue',
      'Orders by country',
    ]);
    expect(await screen.findByText('1 cube')).toBeInTheDocument();
    expect(meta).toHaveBeenCalledTimes(1);
  });

  it('is undefined outside a provider: the fixed list', () => {
    render(<Chat />);
    expect(screen.getByRole('button', { name: 'Orders over time' })).toBeInTheDocument();
  });

  it("a failed model goes to the provider's onError; the chat shows the fixed list", async () => {
    const onError = vi.fn();
    const failure = new DataError('unauthorized', 'no meta for you');
    render(
      <SemanticProvider
        source={source(() => Promise.reject(failure))}
        queryClient={new QueryClient()}
        onError={onError}
      >
        <Chat />
      </SemanticProvider>,
    );
    expect(await starters()).toEqual(['Revenue by region', 'Orders over time', 'Top 5 customers by revenue']);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });
});

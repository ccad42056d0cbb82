import { act, render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage } from '../../../src/protocol';
import { ChatProvider, createChatStore, MessageList, MESSAGE_BLOCK_SIZE, useMessageIds } from '../../../src';
import { blocksOf } from '../../../src/react/chat/use-agent-chat';

const message = (i: number): ChatMessage => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  content: `Message ${i}`,
  sort: i,
});
const messages = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}` }));

describe('blocksOf', () => {
  it('splits ids into blocks and keeps every unchanged block, and the whole list when nothing changed', () => {
    const first = blocksOf(messages(70), 32, []);
    expect(first.map((b) => b.length)).toEqual([32, 32, 6]);
    expect(first.flat()).toEqual(messages(70).map((m) => m.id));
    expect(blocksOf(messages(70), 32, first)).toBe(first);
    const more = blocksOf(messages(71), 32, first);
    expect(more).not.toBe(first);
    expect(more[0]).toBe(first[0]);
    expect(more[1]).toBe(first[1]);
    expect(more[2]).toEqual([...first[2]!, 'm70']);
  });

  it('rebuilds the blocks from a moved or removed id on', () => {
    const first = blocksOf(messages(70), 32, []);
    const moved = messages(70);
    [moved[40], moved[41]] = [moved[41]!, moved[40]!];
    const next = blocksOf(moved, 32, first);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]![8]).toBe('m41');
    expect(blocksOf(messages(10), 32, first)).toEqual([messages(10).map((m) => m.id)]);
    expect(blocksOf([], 32, first)).toEqual([]);
  });
});

describe('MessageList in blocks', () => {
  it('renders every message in order as list items, and one more message re-renders only the new row, into the last block', () => {
    const count = MESSAGE_BLOCK_SIZE * 3 + 5;
    const store = createChatStore({
      transport: () => ({ url: '/nowhere' }),
      initialThread: applyChatMessages(
        EMPTY_THREAD,
        Array.from({ length: count }, (_, i) => message(i)),
      ),
    });
    const rendered: string[] = [];
    const { container } = render(
      <ChatProvider
        store={store}
        transport={{ url: '/nowhere' }}
        renderMessage={(m, standard) => (rendered.push(m.id), standard)}
      >
        <MessageList />
      </ChatProvider>,
    );
    const texts = () =>
      [...container.querySelectorAll('[role="listitem"] .ek-message__text')].map((p) => p.textContent);
    expect(container.querySelector('[role="list"]')).not.toBeNull();
    expect(texts()).toEqual(Array.from({ length: count }, (_, i) => `Message ${i}`).filter((_, i) => i % 2 === 0));
    expect(container.querySelectorAll('.ek-list__block')).toHaveLength(4);

    const blocks = [...container.querySelectorAll('.ek-list__block')];
    const firstRow = blocks[0]!.firstElementChild;
    rendered.length = 0;
    act(() => store.setState({ thread: applyChatMessages(store.getState().thread, [message(count)]) }));
    // The earlier blocks are the same DOM, untouched; the new row went into the last one.
    expect([...container.querySelectorAll('.ek-list__block')]).toEqual(blocks);
    expect(blocks[0]!.firstElementChild).toBe(firstRow);
    expect(blocks[3]!.children).toHaveLength(6);
    expect(container.querySelectorAll('.ek-row')).toHaveLength(count + 1);
    expect(rendered).toEqual([`m${count}`]);
  });
});

describe('useMessageIds', () => {
  it('keeps the same array while the ids are unchanged, and re-renders only when one is added or moved', () => {
    const store = createChatStore({
      transport: () => ({ url: '/nowhere' }),
      initialThread: applyChatMessages(EMPTY_THREAD, [message(0), message(1)]),
    });
    let renders = 0;
    const { result } = renderHook(() => (renders++, useMessageIds(store)));
    const first = result.current;
    expect(first).toEqual(['m0', 'm1']);
    const rendersBefore = renders;
    const edit = { ...message(1), content: 'edited' };
    act(() => store.setState({ thread: applyChatMessages(store.getState().thread, [edit]) }));
    expect(result.current).toBe(first);
    expect(renders).toBe(rendersBefore);
    act(() => store.setState({ thread: applyChatMessages(store.getState().thread, [message(2)]) }));
    expect(result.current).toEqual(['m0', 'm1', 'm2']);
    const moved = { ...message(0), sort: 5 };
    act(() => store.setState({ thread: applyChatMessages(store.getState().thread, [moved]) }));
    expect(result.current).toEqual(['m1', 'm2', 'm0']);
  });
});

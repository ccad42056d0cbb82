import { cleanup, render } from '@testing-library/react';
import type { CSSProperties, ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { applyChatMessages, EMPTY_THREAD, type ChatMessage } from '../../src/protocol';
import { AgentChat } from '../../src';

// The chat's height (issue 19, point 6): it fills a container that has a height, and has
// a height of its own (min(80vh, 720px)) in one that has none, the log scrolling inside.

/** A thread far taller than any viewport, so a chat that grew with it would show. */
const longThread = () => {
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'tall', isStreaming: false } }];
  for (let i = 0; i < 30; i++) {
    lines.push({ id: `q${i}`, role: 'user', content: `Question ${i + 1}`, sort: i * 2 });
    lines.push({ id: `a${i}`, role: 'assistant', graphPath: ['final'], content: `Answer ${i + 1}.`, sort: i * 2 + 1 });
  }
  return applyChatMessages(EMPTY_THREAD, lines);
};

const chat = () => <AgentChat transport={{ url: '/unused' }} initialThread={longThread()} />;
function mount(node: ReactNode) {
  render(node);
  const root = document.querySelector('.ek-chat') as HTMLElement;
  const list = document.querySelector('.ek-list') as HTMLElement;
  const composer = document.querySelector('.ek-composer') as HTMLElement;
  return { height: () => root.getBoundingClientRect().height, root, list, composer };
}

afterEach(async () => {
  cleanup();
  await page.viewport(1024, 768);
});

describe('AgentChat height', () => {
  it.each([360, 1200])('fills a container %i px high, whatever its content', (height) => {
    const { height: chatHeight, list } = mount(<div style={{ height }}>{chat()}</div>);
    expect(chatHeight()).toBe(height);
    expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
  });

  it('in a page with no height: min(80vh, 720px), the log scrolling inside and the composer in view', async () => {
    const { height, list, composer } = mount(<main>{chat()}</main>);
    expect(height()).toBeCloseTo(768 * 0.8, 0);
    expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
    expect(composer.getBoundingClientRect().bottom).toBeLessThanOrEqual(768);
    cleanup();
    await page.viewport(1280, 1200);
    expect(mount(<main>{chat()}</main>).height()).toBe(720);
  });

  it("in the guide's grid beside a shorter dashboard: its own height", () => {
    const { height } = mount(
      <main style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 16 }}>
        <div style={{ height: 300 }} />
        {chat()}
      </main>,
    );
    expect(height()).toBeCloseTo(768 * 0.8, 0);
  });

  it('takes the rest of a flex column under a header', () => {
    const column = (child: ReactNode) => (
      <div style={{ display: 'flex', flexDirection: 'column', height: 500 }}>
        <header style={{ height: 60, flex: 'none' }} />
        {child}
      </div>
    );
    expect(mount(column(chat())).height()).toBe(440);
    cleanup();
    // In a wrapper that flexes (the demo's sidebar), too.
    const wrapped = <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>{chat()}</div>;
    expect(mount(column(wrapped)).height()).toBe(440);
  });

  it('--ek-chat-height sets its own height', () => {
    const { height } = mount(<div style={{ '--ek-chat-height': '420px' } as CSSProperties}>{chat()}</div>);
    expect(height()).toBe(420);
  });
});

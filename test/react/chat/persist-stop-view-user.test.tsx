// Issue 26, point 1: what `persist` keeps besides the thread (a stopped turn's note, the
// user's View picks) and whose it is (another user on the same chat starts afresh), against
// the mock in-process. A remount of the hook is the page reload.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAgentChat, type ChatTransport, type PersistedChat, type UseAgentChatOptions } from '../../../src';
import { picks, useChartChoice } from '../../../src/react/charts/chart-choices';
import { recordingTransport } from './recording-transport';

const keyOf = (user: string) => `react-embedded-analytics:chat:${user}`;
const stored = (user = 'ann') =>
  (JSON.parse(localStorage.getItem(keyOf(user)) ?? 'null') as { v: number; chat: PersistedChat } | null)?.chat ?? null;

type Options = Omit<UseAgentChatOptions, 'transport'>;
const mount = (transport: ChatTransport, options: Options = {}) =>
  renderHook((props: Options) => useAgentChat({ transport, ...props }), { initialProps: options });
const idle = (chat: { current: ReturnType<typeof useAgentChat> }) =>
  waitFor(() => expect(chat.current.status).toBe('idle'), { timeout: 8000 });
const lastQuestionId = (chat: ReturnType<typeof useAgentChat>) =>
  chat.messages.filter((m) => m.role === 'user').at(-1)?.id;

beforeEach(() => {
  localStorage.clear();
  picks.clear();
});

describe('persist: a stopped turn', () => {
  it('keeps its "Stopped" note after a reload, and loses it with the next question', async () => {
    const { transport, requests } = recordingTransport({ sessionSettings: { externalId: 'ann' } }, { lineDelayMs: 10 });
    const first = mount(transport, { persist: { user: 'ann' } });
    void first.result.current.send('Revenue by region');
    await waitFor(() => expect(first.result.current.status).toBe('streaming'));
    await waitFor(() => expect(lastQuestionId(first.result.current)).toBeDefined());
    await first.result.current.abort();
    expect(first.result.current.store.getState().stopped).toBe('stopped');
    const question = lastQuestionId(first.result.current)!;
    await waitFor(() => expect(stored()?.stopped).toEqual({ kind: 'stopped', after: question }));
    const chatId = first.result.current.chatId;
    first.unmount();

    const second = mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(second.result.current.chatId).toBe(chatId));
    await waitFor(() => expect(second.result.current.store.getState().stopped).toBe('stopped'), { timeout: 8000 });
    expect(second.result.current).toMatchObject({ status: 'idle', error: null });
    expect(stored()?.stopped).toEqual({ kind: 'stopped', after: question });
    // Only the thread was loaded again: nothing asked twice, nothing stopped twice.
    expect(requests.filter((r) => r.input !== undefined)).toHaveLength(1);
    expect(requests.filter((r) => String(r.url).endsWith('/abort'))).toHaveLength(1);

    await second.result.current.send('Orders over time');
    expect(second.result.current.store.getState().stopped).toBeNull();
    expect(stored()).toEqual({ chatId });
  });

  it('a remembered stop whose question is no longer the last shows no note', async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const chat = mount(transport, { persist: { user: 'ann' } });
    await chat.result.current.send('Revenue by region');
    await chat.result.current.send('Orders over time');
    const chatId = chat.result.current.chatId!;
    const earlier = chat.result.current.messages.find((m) => m.role === 'user')!.id;
    chat.unmount();
    // A stop of the first question, while (in another tab, say) a second was asked and answered.
    localStorage.setItem(
      keyOf('ann'),
      JSON.stringify({ v: 1, chat: { chatId, stopped: { kind: 'stopped', after: earlier } } }),
    );
    const again = mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(again.result.current.messages.length).toBeGreaterThan(2));
    await idle(again.result);
    await waitFor(() => expect(stored()).toEqual({ chatId }));
    expect(again.result.current.store.getState().stopped).toBeNull();
  });
});

describe("persist: the user's View picks", () => {
  it('are saved when picked and restored before the thread draws', async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const chat = mount(transport, { persist: { user: 'ann' } });
    await chat.result.current.send('Revenue by region');
    const choice = renderHook(() => useChartChoice('result-1'));
    act(() => choice.result.current[1]('table'));
    // Saved when the page is left (a reload)…
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.views).toEqual([{ key: 'result-1', view: 'table' }]);
    act(() => choice.result.current[1]('line'));
    // … or hidden (a phone switching apps)…
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stored()?.views).toEqual([{ key: 'result-1', view: 'line' }]);
    vi.restoreAllMocks();
    // … and with the chat's next change.
    act(() => choice.result.current[1]('area'));
    await chat.result.current.send('Orders over time');
    expect(stored()?.views).toEqual([{ key: 'result-1', view: 'area' }]);
    const chatId = chat.result.current.chatId;
    chat.unmount();
    choice.unmount();

    picks.clear(); // the page reloads: the in-memory picks are gone
    const again = mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(picks.get('result-1')).toBe('area'));
    await waitFor(() => expect(again.result.current.chatId).toBe(chatId));
    expect(renderHook(() => useChartChoice('result-1')).result.current[0]).toBe('area');
  });

  it('keep the last 50, and a bad entry loses only itself', async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const views = Array.from({ length: 60 }, (_, i) => ({ key: `r${i}`, view: 'bar' }));
    const bad = [{ key: 'r 1', view: 'bar' }, { key: 'r61', view: 'pie' }, { key: '__proto__', view: 'table' }, 7];
    localStorage.setItem(
      keyOf('ann'),
      JSON.stringify({ v: 1, chat: { chatId: 'chat_gone', views: [...views, ...bad] } }),
    );
    mount(transport, { persist: { user: 'ann' } });
    await waitFor(() => expect(picks.size).toBe(50));
    expect([...picks.keys()]).toEqual([...views.slice(10).map((v) => v.key), '__proto__'].slice(-50));
    expect(picks.get('__proto__')).toBe('table');
    expect(({} as Record<string, unknown>).table).toBeUndefined();
  });
});

describe('persist: whose conversation', () => {
  it("another user on the same chat starts afresh: nothing of the last user's shows or is saved for them", async () => {
    const { transport } = recordingTransport({ sessionSettings: { externalId: 'ann' } });
    const chat = mount(transport, { persist: { user: 'ann' } });
    await chat.result.current.send('Revenue by region');
    const anns = chat.result.current.chatId;
    expect(anns).toMatch(/^chat_/);
    renderHook(() => useChartChoice('anns-result')).result.current[1]('table');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored('ann')?.views).toHaveLength(1);

    chat.rerender({ persist: { user: 'bob' } });
    await waitFor(() => expect(chat.result.current.messages).toEqual([]));
    expect(chat.result.current.chatId).toBeNull();
    expect(picks.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stored('bob')).toBeNull();
    expect(stored('ann')).toMatchObject({ chatId: anns });

    // And back: Ann's conversation is hers again.
    chat.rerender({ persist: { user: 'ann' } });
    await waitFor(() => expect(chat.result.current.chatId).toBe(anns));
    await waitFor(() => expect(picks.get('anns-result')).toBe('table'));
  });
});

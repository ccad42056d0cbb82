/**
 * The chat benches in Chromium (production build of React, profiling flavour so <Profiler>
 * reports commits). Ours goes through the headless store and hooks (`createChatStore`,
 * `useMessageIds`, `useChatMessage`) plus the exported row component `MessageView`, not
 * through the default `<MessageList>`, so the bench measures the engine and keeps working
 * whatever the default chat UI looks like. The naive chat, the competent hand-written chat and
 * the Vercel AI SDK's `useChat` render the same rows with the same `MessageView`.
 */
import { useChat } from '@ai-sdk/react';
import type { ChatTransport as AiChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { createElement, memo, Profiler, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import {
  ChatProvider,
  createChatStore,
  MessageList,
  MessageView,
  useChatMessage,
  useMessageIds,
  type ChatStore,
} from '../../../src';
import { applyChatMessages, decodeChatStreamBatches, EMPTY_THREAD, type ChatMessage } from '../../../src/protocol';
import type { ChatMetrics } from '../metrics';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function history(count: number): ChatMessage[] {
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'bench', isStreaming: false } }];
  for (let i = 0; i < count; i++) lines.push(historyMessage(i));
  return lines;
}

function historyMessage(i: number): ChatMessage {
  return {
    id: `h${i}`,
    role: i % 2 ? 'assistant' : 'user',
    content: i % 2 ? `Answer ${i}: **revenue** grew by ${i % 17}% in region ${i % 4}.` : `Question ${i}?`,
    sort: i,
    ...(i % 2 ? { graphPath: ['final'] } : {}),
  };
}

const WORDS = [
  'Revenue ',
  'grew ',
  'by ',
  '12% ',
  'in ',
  'Europe, ',
  'led ',
  'by ',
  '**Germany** ',
  'and ',
  'France. ',
];

/** The stream of one turn: the user message, then `deltas` content deltas, then the end. */
function turnLines(deltas: number): string[] {
  const lines: ChatMessage[] = [
    { id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } },
    { id: 'q', role: 'user', content: 'Bench question', sort: 100_000 },
  ];
  for (let i = 0; i < deltas; i++) {
    lines.push({
      id: 'answer',
      role: 'assistant',
      // A paragraph every 60 tokens, as answers have.
      content: WORDS[i % WORDS.length]! + (i % 60 === 59 ? '\n\n' : ''),
      isDelta: true,
      isInProcess: true,
      sort: 100_001,
      graphPath: ['final'],
    });
  }
  lines.push({ id: 'answer', isInProcess: false });
  lines.push({ id: '__state__', state: { chatId: 'bench', isStreaming: false } });
  return lines.map((line) => JSON.stringify(line));
}

/** When the body being read delivered its first byte (performance.now()). */
let firstByteAt = NaN;

/** A response body that delivers `perChunk` lines per network chunk, one chunk per task. */
function body(lines: string[], perChunk: number): ReadableStream<Uint8Array> {
  let i = 0;
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      if (i >= lines.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (i === 0) firstByteAt = performance.now();
      controller.enqueue(encoder.encode(lines.slice(i, i + perChunk).join('\n') + '\n'));
      i += perChunk;
    },
  });
}

/** {@link body} as a fetch hands it over: through a `Response`, as ours gets it from its transport. */
function responseBody(lines: string[], perChunk: number): ReadableStream<Uint8Array> {
  return new Response(body(lines, perChunk)).body!;
}

interface Count {
  rows: number;
  commits: number;
}

/** A chat mounted for a streaming run: the runner reads DevTools metrics around `run` alone. */
interface Prepared {
  count: Count;
  mount: () => void;
  run: () => Promise<void>;
  cleanup: () => void;
}

/** Measures `run` alone: time, commits, frames, row renders, longest task. */
async function measure(count: Count, run: () => Promise<void>): Promise<ChatMetrics> {
  count.rows = 0;
  count.commits = 0;
  let longestTask = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  // Frames painted, and the longest gap between two: the longest the page could not paint.
  let longestGap = 0;
  let frames = 0;
  let running = true;
  let last = performance.now();
  const tick = (now: number) => {
    longestGap = Math.max(longestGap, now - last);
    last = now;
    frames++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const start = performance.now();
  await run();
  await frame();
  await frame();
  const ms = performance.now() - start;
  running = false;
  for (const entry of observer.takeRecords()) longestTask = Math.max(longestTask, entry.duration);
  observer.disconnect();
  return {
    ms,
    commits: count.commits,
    frames,
    commitsPerFrame: count.commits / Math.max(1, frames),
    commitsPerSecond: count.commits / (ms / 1000),
    rowRendersPerCommit: count.rows / Math.max(1, count.commits),
    longestTaskMs: longestTask,
    longestFrameGapMs: longestGap,
  };
}

function host() {
  const element = document.createElement('div');
  element.style.cssText = 'height:600px;width:800px;display:flex;flex-direction:column';
  document.getElementById('root')!.append(element);
  return element;
}

/** Our chat through the headless store and hooks, rows drawn by `MessageView`. */
function OursList({ store, count }: { store: ChatStore; count: Count }) {
  const ids = useMessageIds(store);
  return createElement(
    'ol',
    { style: { overflow: 'auto', flex: 1 } },
    ids.map((id) => createElement(OursRow, { key: id, store, id, count })),
  );
}

const OursRow = memo(function OursRow({ store, id, count }: { store: ChatStore; id: string; count: Count }) {
  const message = useChatMessage(store, id);
  count.rows++;
  return createElement('li', { 'data-id': id }, message ? createElement(MessageView, { message }) : null);
});

function oursStore(
  historySize: number,
  lines: string[],
  perChunk: number,
  scheduleFlush?: (flush: () => void) => () => void,
): ChatStore {
  return createChatStore({
    transport: () => ({ url: '/bench/stream-chat-state', fetch: async () => new Response(body(lines, perChunk)) }),
    initialThread: applyChatMessages(EMPTY_THREAD, history(historySize)),
    ...(scheduleFlush ? { scheduleFlush } : {}),
  });
}

/**
 * A flush at most every `ms`, as the AI SDK's `experimental_throttle` (throttleit) updates:
 * at once (next task) when `ms` have passed since the last, else when they have. For ours at
 * the peer's cadence.
 */
function everyMs(ms: number): (flush: () => void) => () => void {
  let last = -Infinity;
  return (flush) => {
    const id = setTimeout(
      () => {
        last = performance.now();
        flush();
      },
      Math.max(0, last + ms - performance.now()),
    );
    return () => clearTimeout(id);
  };
}

/**
 * Our chat in a profiler: the headless hooks with a counting row (streaming), or the
 * library's own `MessageList` (long threads: its blocks, styles and scroll following).
 */
function oursElement(store: ChatStore, count: Count, list: 'headless' | 'MessageList' = 'headless'): ReactNode {
  return profiled(
    'ours',
    count,
    list === 'headless' ? createElement(OursList, { store, count }) : createElement(MessageList),
    store,
  );
}

/**
 * A contestant's chat in a profiler that counts its commits, under a `ChatProvider` (the
 * rows are the library's `MessageView`, which needs one; the peers get a store of their own).
 */
function profiled(
  id: string,
  count: Count,
  children: ReactNode,
  store: ChatStore = createChatStore({ transport: () => ({ url: '/bench' }) }),
): ReactNode {
  return createElement(
    Profiler,
    { id, onRender: () => void count.commits++ },
    createElement(ChatProvider, { store, transport: { url: '/bench' }, children }),
  );
}

function ours(
  historySize: number,
  deltas: number,
  perChunk: number,
  scheduleFlush?: (flush: () => void) => () => void,
): Prepared {
  const store = oursStore(historySize, turnLines(deltas), perChunk, scheduleFlush);
  const element = host();
  const root = createRoot(element);
  const count = { rows: 0, commits: 0 };
  return {
    count,
    mount: () => root.render(oursElement(store, count)),
    run: () => store.getState().send('Bench question'),
    cleanup: () => {
      root.unmount();
      element.remove();
    },
  };
}

/** The naive chat: every delta copies the whole message array (and every message), so every row re-renders. */
function NaiveChat({
  initial,
  onRow,
  onPush,
}: {
  initial: ChatMessage[];
  onRow: () => void;
  onPush: (push: (line: ChatMessage) => void) => void;
}) {
  const [messages, setMessages] = useState(initial);
  useEffect(() => {
    onPush((line) =>
      setMessages((previous) => {
        const copy = previous.map((m) => ({ ...m }));
        const at = copy.findIndex((m) => m.id === line.id);
        if (at === -1) copy.push({ ...line });
        else if (line.isDelta) copy[at] = { ...copy[at]!, content: (copy[at]!.content ?? '') + (line.content ?? '') };
        else copy[at] = { ...copy[at]!, ...line };
        return copy;
      }),
    );
  }, [onPush]);
  return createElement(
    'ol',
    { style: { overflow: 'auto', flex: 1 } },
    messages.map((message) => {
      onRow();
      return createElement('li', { key: message.id, 'data-id': message.id }, createElement(MessageView, { message }));
    }),
  );
}

function naiveElement(historySize: number, count: Count, onPush: (push: (line: ChatMessage) => void) => void) {
  const initial = applyChatMessages(EMPTY_THREAD, history(historySize)).messages as ChatMessage[];
  return profiled('naive', count, createElement(NaiveChat, { initial, onRow: () => void count.rows++, onPush }));
}

function naive(historySize: number, deltas: number, perChunk: number): Prepared {
  const lines = turnLines(deltas);
  const element = host();
  const root = createRoot(element);
  let push: ((line: ChatMessage) => void) | undefined;
  const count = { rows: 0, commits: 0 };
  return {
    count,
    mount: () => root.render(naiveElement(historySize, count, (p) => void (push = p))),
    run: async () => {
      for await (const batch of decodeChatStreamBatches(responseBody(lines, perChunk))) {
        for (const event of batch) {
          if (event.type === 'message' && event.message.id !== '__cutoff__' && event.message.id !== '__state__')
            push!(event.message);
        }
      }
    },
    cleanup: () => {
      root.unmount();
      element.remove();
    },
  };
}

/**
 * The competent hand-written chat a team would write: a small external store whose delta
 * replaces only the changed message (a new array holding the same objects but one), read
 * with `useSyncExternalStore`, rows memoised by message. React batches the updates of one
 * task (a network chunk) into one commit; nothing batches them further.
 */
class CompetentStore {
  messages: ChatMessage[];
  private index = new Map<string, number>();
  private listeners = new Set<() => void>();
  constructor(initial: ChatMessage[]) {
    this.messages = initial;
    initial.forEach((m, i) => this.index.set(m.id, i));
  }
  apply(line: ChatMessage) {
    const at = this.index.get(line.id);
    const next = this.messages.slice();
    if (at === undefined) {
      this.index.set(line.id, next.length);
      next.push({ ...line, isDelta: false });
    } else {
      const was = next[at]!;
      next[at] = line.isDelta ? { ...was, content: (was.content ?? '') + (line.content ?? '') } : { ...was, ...line };
    }
    this.messages = next;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.messages;
}

const CompetentRow = memo(function CompetentRow({ message, count }: { message: ChatMessage; count: Count }) {
  count.rows++;
  return createElement('li', { 'data-id': message.id }, createElement(MessageView, { message }));
});

function CompetentChat({ store, count }: { store: CompetentStore; count: Count }) {
  const messages = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return createElement(
    'ol',
    { style: { overflow: 'auto', flex: 1 } },
    messages.map((message) => createElement(CompetentRow, { key: message.id, message, count })),
  );
}

function competent(historySize: number, deltas: number, perChunk: number): Prepared {
  const lines = turnLines(deltas);
  const initial = applyChatMessages(EMPTY_THREAD, history(historySize)).messages as ChatMessage[];
  const store = new CompetentStore(initial);
  const element = host();
  const root = createRoot(element);
  const count = { rows: 0, commits: 0 };
  return {
    count,
    mount: () => root.render(profiled('competent', count, createElement(CompetentChat, { store, count }))),
    run: async () => {
      for await (const batch of decodeChatStreamBatches(responseBody(lines, perChunk))) {
        for (const event of batch) {
          if (event.type === 'message' && event.message.id !== '__cutoff__' && event.message.id !== '__state__')
            store.apply(event.message);
        }
      }
    },
    cleanup: () => {
      root.unmount();
      element.remove();
    },
  };
}

// The Vercel AI SDK: `useChat` with a transport that decodes the same NDJSON body and
// feeds its deltas as UI message chunks; rows drawn by the same `MessageView`.
const asChatMessage = new WeakMap<UIMessage, ChatMessage>();
function toChatMessage(message: UIMessage): ChatMessage {
  let converted = asChatMessage.get(message);
  if (!converted) {
    let content = '';
    for (const part of message.parts) if (part.type === 'text') content += part.text;
    converted = {
      id: message.id,
      role: message.role,
      content,
      ...(message.role === 'assistant' ? { graphPath: ['final'] } : {}),
    };
    asChatMessage.set(message, converted);
  }
  return converted;
}

function aiTransport(lines: string[], perChunk: number): AiChatTransport<UIMessage> {
  return {
    async sendMessages() {
      const source = decodeChatStreamBatches(responseBody(lines, perChunk));
      let started = false;
      return new ReadableStream<UIMessageChunk>({
        async pull(controller) {
          const next = await source.next();
          if (next.done) {
            controller.enqueue({ type: 'text-end', id: 'text' });
            controller.enqueue({ type: 'finish' });
            controller.close();
            return;
          }
          for (const event of next.value) {
            if (event.type !== 'message' || event.message.id !== 'answer' || !event.message.content) continue;
            if (!started) {
              started = true;
              controller.enqueue({ type: 'start', messageId: 'answer' });
              controller.enqueue({ type: 'text-start', id: 'text' });
            }
            controller.enqueue({ type: 'text-delta', id: 'text', delta: event.message.content });
          }
        },
      });
    },
    reconnectToStream: async () => null,
  };
}

function toUIMessage(message: ChatMessage): UIMessage {
  return {
    id: message.id,
    role: message.role === 'user' ? 'user' : 'assistant',
    parts: [{ type: 'text', text: message.content ?? '' }],
  };
}

const AiRow = memo(function AiRow({ message, count }: { message: UIMessage; count: Count }) {
  count.rows++;
  return createElement(
    'li',
    { 'data-id': message.id },
    createElement(MessageView, { message: toChatMessage(message) }),
  );
});

function AiChat({
  transport,
  initial,
  count,
  throttle,
  onSend,
}: {
  transport: AiChatTransport<UIMessage>;
  initial: UIMessage[];
  count: Count;
  throttle: number | undefined;
  onSend: (send: () => Promise<void>) => void;
}) {
  const chat = useChat({
    id: 'bench',
    messages: initial,
    transport,
    ...(throttle === undefined ? {} : { experimental_throttle: throttle }),
  });
  // Handed out during render: the bench only needs the latest sendMessage.
  const { sendMessage } = chat;
  onSend(() => sendMessage({ text: 'Bench question' }));
  return createElement(
    'ol',
    { style: { overflow: 'auto', flex: 1 } },
    chat.messages.map((message) => createElement(AiRow, { key: message.id, message, count })),
  );
}

function aiSdk(historySize: number, deltas: number, perChunk: number, throttle?: number): Prepared {
  const transport = aiTransport(turnLines(deltas), perChunk);
  const initial = history(historySize).slice(1).map(toUIMessage);
  const element = host();
  const root = createRoot(element);
  let send: (() => Promise<void>) | undefined;
  const count = { rows: 0, commits: 0 };
  return {
    count,
    mount: () =>
      root.render(
        profiled(
          'ai-sdk',
          count,
          createElement(AiChat, { transport, initial, count, throttle, onSend: (s) => void (send = s) }),
        ),
      ),
    run: () => send!(),
    cleanup: () => {
      root.unmount();
      element.remove();
    },
  };
}

const chats = {
  ours: (h: number, d: number, p: number) => ours(h, d, p),
  'ours-16': (h: number, d: number, p: number) => ours(h, d, p, everyMs(16)),
  'ours-50': (h: number, d: number, p: number) => ours(h, d, p, everyMs(50)),
  naive,
  competent,
  'ai-sdk': (h: number, d: number, p: number) => aiSdk(h, d, p),
  'ai-sdk-16': (h: number, d: number, p: number) => aiSdk(h, d, p, 16),
  'ai-sdk-50': (h: number, d: number, p: number) => aiSdk(h, d, p, 50),
};
/** Which chat to run. */
export type ChatName = keyof typeof chats;

let prepared: Prepared | undefined;

/** Step 1 of a streaming run: mounts `chat` holding `historySize` messages, ready for `deltas` deltas. */
export async function chatMount({
  chat,
  historySize = 500,
  deltas = 10_000,
  perChunk = 20,
}: {
  chat: ChatName;
  historySize?: number;
  deltas?: number;
  perChunk?: number;
}): Promise<void> {
  prepared = chats[chat](historySize, deltas, perChunk);
  prepared.mount();
  await frame();
  await frame();
}

/** Step 2: streams into the chat mounted by {@link chatMount} and measures that alone. */
export async function chatStream(): Promise<ChatMetrics> {
  return measure(prepared!.count, prepared!.run);
}

/**
 * Step 2, instead of {@link chatStream}: time to first token, from the response's first byte
 * to the first answer text painted. The paint time is Chromium's own (Element Timing): the
 * answer's row and everything in it are marked `elementtiming` as soon as they are in the
 * DOM, before the frame that paints them, and the row is scrolled into view (only what is on
 * screen is painted).
 */
export async function chatFirstToken(): Promise<{ firstTokenMs: number }> {
  const root = document.getElementById('root')!;
  const mark = () => {
    const row = root.querySelector('li[data-id="answer"]');
    if (!row?.textContent) return;
    for (const element of [row, ...row.querySelectorAll('*')]) {
      if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'answer');
    }
    // Only what is on screen is painted: follow the newest message, as every chat UI does.
    if (!row.hasAttribute('data-followed')) {
      row.setAttribute('data-followed', '');
      row.scrollIntoView({ block: 'end' });
    }
  };
  const mutations = new MutationObserver(mark);
  mutations.observe(root, { childList: true, subtree: true, characterData: true });
  let paints: PerformanceObserver | undefined;
  const painted = new Promise<number>((resolve, reject) => {
    paints = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { identifier: string; renderTime: number }[]) {
        if (entry.identifier === 'answer' && entry.renderTime > 0) resolve(entry.renderTime);
      }
    });
    paints.observe({ type: 'element' });
    setTimeout(() => reject(new Error('no answer text painted in 10 s')), 10_000);
  });
  firstByteAt = NaN;
  const run = prepared!.run();
  try {
    const paintedAt = await painted;
    return { firstTokenMs: paintedAt - firstByteAt };
  } finally {
    await run;
    mutations.disconnect();
    paints?.disconnect();
  }
}

/** Step 3: unmounts it. */
export async function chatUnmount(): Promise<void> {
  prepared?.cleanup();
  prepared = undefined;
  await frame();
}

/**
 * Long threads: the time to render `mountSize` messages (render, commit, layout), and the
 * cost of one more message (store update to committed and laid out) at each size. A chat of
 * each size is mounted side by side and they take turns, one message each, so a load that
 * comes and goes on a shared machine falls on every size alike (the target compares them).
 */
export async function longThread({
  mountSize = 1_000,
  sizes = [10, 100, 1_000],
  appends = 15,
}: {
  mountSize?: number;
  sizes?: number[];
  appends?: number;
}) {
  const result: {
    chat: string;
    mountMs: number;
    oneMoreMs: Record<number, number>;
    /** The part of `oneMoreMs` before layout: store update, render and commit. */
    renderMs: Record<number, number>;
  }[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const chat of ['ours', 'naive'] as const) {
    const big = await mountThread(chat, mountSize);
    big.unmount();
    const threads = [];
    for (const size of sizes) threads.push(await mountThread(chat, size));
    const appendMs = sizes.map((): number[] => []);
    const renders = sizes.map((): number[] => []);
    for (let i = 0; i < appends; i++) {
      for (const [k, thread] of threads.entries()) {
        const sample = thread.append(i);
        appendMs[k]!.push(sample.appendMs);
        renders[k]!.push(sample.renderMs);
        await frame();
      }
    }
    for (const thread of threads) thread.unmount();
    result.push({
      chat,
      mountMs: big.mountMs,
      oneMoreMs: Object.fromEntries(sizes.map((size, k) => [size, median(appendMs[k]!)])),
      renderMs: Object.fromEntries(sizes.map((size, k) => [size, median(renders[k]!)])),
    });
  }
  return result;
}

/** A chat of `size` messages, mounted (timed: render, commit, layout), taking one more message at a time. */
async function mountThread(chat: 'ours' | 'naive', size: number) {
  const element = host();
  const root = createRoot(element);
  const count = { rows: 0, commits: 0 };
  let append: (message: ChatMessage) => void;
  let tree: ReactNode;
  if (chat === 'ours') {
    const store = oursStore(size, [], 1);
    append = (message) => store.setState({ thread: applyChatMessages(store.getState().thread, [message]) });
    tree = oursElement(store, count, 'MessageList');
  } else {
    let push: (line: ChatMessage) => void;
    append = (message) => push(message);
    tree = naiveElement(size, count, (p) => void (push = p));
  }
  await frame();
  const start = performance.now();
  flushSync(() => root.render(tree));
  void element.offsetHeight; // style and layout, as the first paint needs them
  const mountMs = performance.now() - start;
  await frame();
  return {
    mountMs,
    /** Adds message number `i` after the history; its cost: to committed, and to laid out. */
    append: (i: number) => {
      const start = performance.now();
      flushSync(() => append(historyMessage(size + i)));
      const renderMs = performance.now() - start;
      void element.offsetHeight;
      return { appendMs: performance.now() - start, renderMs };
    },
    unmount: () => {
      root.unmount();
      element.remove();
    },
  };
}

// Memory: the runner forces GC and reads the heap between these steps.
let held: { root: Root; element: HTMLElement; store: ChatStore } | undefined;

/** Mounts our chat with `historySize` messages and streams `deltas` deltas into it; keeps it mounted. */
export async function memoryStream({ historySize = 500, deltas = 10_000, perChunk = 20 } = {}) {
  const store = oursStore(historySize, turnLines(deltas), perChunk);
  const element = host();
  const root = createRoot(element);
  const count = { rows: 0, commits: 0 };
  root.render(oursElement(store, count));
  await frame();
  await store.getState().send('Bench question');
  await frame();
  held = { root, element, store };
  return store.getState().thread.messages.length;
}

/** Unmounts the chat of {@link memoryStream} and drops every reference to it. */
export async function memoryUnmount() {
  held!.root.unmount();
  held!.element.remove();
  held = undefined;
  await frame();
}

/** Mounts and unmounts `chats` chats, each with a short history and one short streamed turn. */
export async function memoryManyChats({ chats = 200 } = {}) {
  for (let i = 0; i < chats; i++) {
    const store = oursStore(20, turnLines(20), 20);
    const element = host();
    const root = createRoot(element);
    root.render(oursElement(store, { rows: 0, commits: 0 }));
    await frame();
    await store.getState().send('Bench question');
    root.unmount();
    element.remove();
  }
  await frame();
}

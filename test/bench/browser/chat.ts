import { createElement, Profiler, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatProvider, createChatStore, MessageList, MessageView, type ChatStore } from '../../../src';
import type { ChatMetrics } from '../metrics';
import { applyChatMessages, decodeChatStreamBatches, EMPTY_THREAD, type ChatMessage } from '../../../src/protocol';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function history(count: number): ChatMessage[] {
  const lines: ChatMessage[] = [{ id: '__cutoff__', state: { chatId: 'bench', isStreaming: false } }];
  for (let i = 0; i < count; i++) {
    lines.push({
      id: `h${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: i % 2 ? `Answer ${i}: **revenue** grew by ${i % 17}% in region ${i % 4}.` : `Question ${i}?`,
      sort: i,
      ...(i % 2 ? { graphPath: ['final'] } : {}),
    });
  }
  return lines;
}

/** The stream of one turn: the user message, then `deltas` content deltas, then the end. */
function turnLines(deltas: number): string[] {
  const lines: ChatMessage[] = [
    { id: '__cutoff__', state: { chatId: 'bench', isStreaming: true } },
    { id: 'q', role: 'user', content: 'Bench question', sort: 10_000 },
  ];
  const words = [
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
  for (let i = 0; i < deltas; i++) {
    lines.push({
      id: 'answer',
      role: 'assistant',
      // A paragraph every 60 tokens, as answers have.
      content: words[i % words.length]! + (i % 60 === 59 ? '\n\n' : ''),
      isDelta: true,
      isInProcess: true,
      sort: 10_001,
      graphPath: ['final'],
    });
  }
  lines.push({ id: 'answer', isInProcess: false });
  lines.push({ id: '__state__', state: { chatId: 'bench', isStreaming: false } });
  return lines.map((line) => JSON.stringify(line));
}

/** A response body that delivers `perChunk` lines per network chunk, one chunk per task. */
function body(lines: string[], perChunk: number): ReadableStream<Uint8Array> {
  let i = 0;
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      if (i >= lines.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.enqueue(encoder.encode(lines.slice(i, i + perChunk).join('\n') + '\n'));
      i += perChunk;
    },
  });
}

/** Mounts with `mount`, then measures `run` alone: time, commits, row renders, longest task. */
async function measure(
  count: { rows: number; commits: number },
  mount: () => void,
  run: () => Promise<void>,
): Promise<ChatMetrics> {
  mount();
  await frame();
  await frame();
  count.rows = 0;
  count.commits = 0;
  // The longest gap between two animation frames: the longest the page could not paint.
  let longest = 0;
  let running = true;
  let last = performance.now();
  const tick = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  await frame();
  running = false;
  return {
    ms,
    commits: count.commits,
    commitsPerSecond: count.commits / (ms / 1000),
    rowRendersPerCommit: count.rows / Math.max(1, count.commits),
    longestFrameGapMs: longest,
  };
}

function host() {
  const element = document.createElement('div');
  element.style.cssText = 'height:600px;width:800px;display:flex;flex-direction:column';
  document.getElementById('root')!.append(element);
  return element;
}

async function ours(historySize: number, deltas: number, perChunk: number) {
  const lines = turnLines(deltas);
  const store: ChatStore = createChatStore({
    transport: () => ({ url: '/bench/stream-chat-state', fetch: async () => new Response(body(lines, perChunk)) }),
    initialThread: applyChatMessages(EMPTY_THREAD, history(historySize)),
  });
  const element = host();
  const root = createRoot(element);
  const count = { rows: 0, commits: 0 };
  const metrics = await measure(
    count,
    () =>
      root.render(
        createElement(
          Profiler,
          { id: 'chat', onRender: () => void count.commits++ },
          createElement(ChatProvider, {
            store,
            transport: { url: '/bench' },
            renderMessage: (_message: ChatMessage, standard: ReactNode) => {
              count.rows++;
              return standard;
            },
            children: createElement(MessageList),
          }),
        ),
      ),
    () => store.getState().send('Bench question'),
  );
  root.unmount();
  element.remove();
  return metrics;
}

/** The naive chat: every delta copies the whole message array (and every message), so every row re-renders. */
async function naive(historySize: number, deltas: number, perChunk: number) {
  const lines = turnLines(deltas);
  const initial = applyChatMessages(EMPTY_THREAD, history(historySize)).messages as ChatMessage[];
  const element = host();
  const root = createRoot(element);
  const dummy = createChatStore({ transport: () => ({ url: '/bench' }) });
  let push: ((line: ChatMessage) => void) | undefined;
  function NaiveChat({ onRow }: { onRow: () => void }) {
    const [messages, setMessages] = useState(initial);
    useEffect(() => {
      push = (line) =>
        setMessages((previous) => {
          const copy = previous.map((m) => ({ ...m }));
          const at = copy.findIndex((m) => m.id === line.id);
          if (at === -1) copy.push({ ...line });
          else if (line.isDelta) copy[at] = { ...copy[at]!, content: (copy[at]!.content ?? '') + (line.content ?? '') };
          else copy[at] = { ...copy[at]!, ...line };
          return copy;
        });
    }, []);
    return createElement(
      'ol',
      { style: { overflow: 'auto', flex: 1 } },
      messages.map((message) => {
        onRow();
        return createElement('li', { key: message.id }, createElement(MessageView, { message }));
      }),
    );
  }
  const count = { rows: 0, commits: 0 };
  const metrics = await measure(
    count,
    () =>
      root.render(
        createElement(
          Profiler,
          { id: 'naive', onRender: () => void count.commits++ },
          createElement(ChatProvider, {
            store: dummy,
            transport: { url: '/bench' },
            children: createElement(NaiveChat, { onRow: () => void count.rows++ }),
          }),
        ),
      ),
    async () => {
      for await (const batch of decodeChatStreamBatches(body(lines, perChunk))) {
        for (const event of batch) {
          if (event.type === 'message' && event.message.id !== '__cutoff__' && event.message.id !== '__state__')
            push!(event.message);
        }
      }
      await frame();
    },
  );
  root.unmount();
  element.remove();
  return metrics;
}

/** 10,000 deltas into a chat holding 500 messages: ours beside the naive baseline. */
export async function chatBench({
  historySize = 500,
  deltas = 10_000,
  perChunk = 20,
}: {
  historySize?: number;
  deltas?: number;
  perChunk?: number;
}) {
  await ours(20, 200, perChunk); // warm up both paths
  await naive(20, 200, perChunk);
  return {
    historySize,
    deltas,
    perChunk,
    ours: await ours(historySize, deltas, perChunk),
    naive: await naive(historySize, deltas, perChunk),
  };
}

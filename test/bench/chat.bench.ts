/**
 * The chat in Chromium (production build): streaming render, long threads and memory.
 *
 * - Streaming: 10,000 deltas into a chat holding 500 messages; ours (headless store and
 *   hooks + `MessageView` rows) beside a naive chat and the Vercel AI SDK's `useChat` with a
 *   custom transport feeding the same content into the same rows; runs interleaved, medians.
 *   Scripting time is the page's `ScriptDuration` (DevTools Performance metrics) over the run.
 *   Targets: one commit per frame, one row per commit, no task over 50 ms, less scripting
 *   than both.
 * - Time to first token: from the first byte of the response to the first answer text
 *   painted (Chromium's Element Timing), ours beside the same two peers, in a chat of 500
 *   messages. Target: ours within a frame of the faster (paint comes in frames).
 * - Long threads: time to render 1,000 messages; cost of one more message at 10, 100 and
 *   1,000 messages. Target: flat (one more at 1,000 ≤ 2x one more at 10).
 * - Memory: heap (after forced GC) after streaming 10,000 deltas, after unmounting, and
 *   after 200 chats mounted and unmounted. Target: nothing retained (≤ 1 MB over the
 *   baseline after unmounting, ≤ 2 MB after 200 chats).
 */
import type { CDPSession, Page } from 'playwright';
import { openBenchPage } from './browser-runner';
import { format, median, ratio, table } from './harness';
import type { ChatMetrics } from './metrics';
import type { SuiteOptions } from './suite';

const CHATS = [
  ['ours', 'react-embedded-analytics (headless store + MessageView rows)'],
  ['naive', 'naive (copy the array per delta)'],
  ['ai-sdk', '@ai-sdk/react 3 useChat (custom ChatTransport)'],
] as const;

type Run = ChatMetrics & { scriptingMs: number };

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')!.value;
}

/** One run: mount (not measured), stream (measured; scripting read around it alone), unmount. */
async function streamRun(page: Page, cdp: CDPSession, chat: string, options: Record<string, number>): Promise<Run> {
  await page.evaluate(({ chat, options }) => window.benches.chatMount!({ chat, ...options }), { chat, options });
  const before = await scriptSeconds(cdp);
  const metrics = (await page.evaluate(() => window.benches.chatStream!({}))) as ChatMetrics;
  const scriptingMs = ((await scriptSeconds(cdp)) - before) * 1000;
  await page.evaluate(() => window.benches.chatUnmount!({}));
  return { ...metrics, scriptingMs };
}

async function heapMb(page: Page, cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  // performance.memory (precise with --enable-precise-memory-info) agrees; CDP's figure is used.
  await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize);
  return usedSize / 1e6;
}

export async function chatBench({ smoke = false }: SuiteOptions = {}): Promise<boolean> {
  const stream = smoke
    ? { historySize: 100, deltas: 300, perChunk: 20 }
    : { historySize: 500, deltas: 10_000, perChunk: 20 };
  // BENCH_ROUNDS overrides the number of interleaved rounds (3 by default; the AI SDK's run is long).
  const rounds = smoke ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
  const browser = await openBenchPage();
  const { page, cdp } = browser;
  let ok = true;
  try {
    await cdp.send('HeapProfiler.enable');
    const baseline = await heapMb(page, cdp);

    // Streaming render, interleaved rounds.
    for (const [chat] of CHATS) await streamRun(page, cdp, chat, { historySize: 20, deltas: 200, perChunk: 20 });
    const runs = new Map<string, Run[]>(CHATS.map(([chat]) => [chat, []]));
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < CHATS.length; k++) {
        const [chat] = CHATS[(k + round) % CHATS.length]!;
        runs.get(chat)!.push(await streamRun(page, cdp, chat, stream));
      }
    }
    const med = (chat: string, key: keyof Run) => median(runs.get(chat)!.map((r) => r[key]));
    console.log(
      `\nStreaming in Chromium: ${stream.deltas.toLocaleString('en-US')} deltas (${stream.perChunk} per network chunk) into a chat of ${stream.historySize} messages (median of ${rounds} interleaved runs)`,
    );
    const keys: [keyof Run, string][] = [
      ['ms', 'total ms'],
      ['scriptingMs', 'scripting ms'],
      ['commits', 'commits'],
      ['commitsPerFrame', 'commits per frame'],
      ['commitsPerSecond', 'commits/s'],
      ['rowRendersPerCommit', 'rows rendered per commit'],
      ['longestTaskMs', 'longest task ms'],
      ['longestFrameGapMs', 'longest frame gap ms'],
    ];
    table([
      ['chat', ...keys.map(([, label]) => label), 'scripting vs ours'],
      ...CHATS.map(([chat, label]) => [
        label,
        ...keys.map(([key]) => med(chat, key)),
        ratio(med(chat, 'scriptingMs') / med('ours', 'scriptingMs')),
      ]),
    ]);
    // Smoke (CI, loaded machines): the structural targets only; wall-clock task lengths are left to full runs.
    const streamOk =
      // Smoke runs last ~15 frames: one commit over the frame count (the turn's end) is allowed.
      (med('ours', 'commitsPerFrame') <= 1.05 ||
        (smoke && med('ours', 'commits') <= med('ours', 'commits') / med('ours', 'commitsPerFrame') + 1)) &&
      med('ours', 'rowRendersPerCommit') <= 1.5 &&
      (smoke || med('ours', 'longestTaskMs') <= 50) &&
      med('ours', 'scriptingMs') < Math.min(med('naive', 'scriptingMs'), med('ai-sdk', 'scriptingMs'));
    console.log(
      `targets (≤ 1 commit per frame, ≤ 1.5 rows per commit,${smoke ? '' : ' no task over 50 ms,'} least scripting): ${streamOk ? 'met' : 'MISSED'}`,
    );
    ok &&= streamOk;

    // Time to first token, interleaved rounds.
    const firstTokenRounds = smoke ? 3 : 15;
    const firstTokenChat = { historySize: stream.historySize, deltas: 200, perChunk: stream.perChunk };
    const firstToken = new Map<string, number[]>(CHATS.map(([chat]) => [chat, []]));
    for (let round = 0; round < firstTokenRounds; round++) {
      for (let k = 0; k < CHATS.length; k++) {
        const [chat] = CHATS[(k + round) % CHATS.length]!;
        await page.evaluate(({ chat, options }) => window.benches.chatMount!({ chat, ...options }), {
          chat,
          options: firstTokenChat,
        });
        const { firstTokenMs } = (await page.evaluate(() => window.benches.chatFirstToken!({}))) as {
          firstTokenMs: number;
        };
        await page.evaluate(() => window.benches.chatUnmount!({}));
        firstToken.get(chat)!.push(firstTokenMs);
      }
    }
    const firstTokenMs = (chat: string) => median(firstToken.get(chat)!);
    const percentile90 = (samples: number[]) =>
      [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.9) - 1]!;
    console.log(
      `\nTime to first token in Chromium: from the first byte of the response to the first answer text painted (Element Timing), in a chat of ${stream.historySize} messages, the first network chunk holding the question's echo and the answer's first ${stream.perChunk - 2} deltas (${firstTokenRounds} interleaved runs)`,
    );
    table([
      ['chat', 'median ms', '90th percentile ms', 'vs ours'],
      ...CHATS.map(([chat, label]) => [
        label,
        firstTokenMs(chat),
        percentile90(firstToken.get(chat)!),
        ratio(firstTokenMs(chat) / firstTokenMs('ours')),
      ]),
    ]);
    // Paint comes in frames: within one frame of the faster peer. Smoke (CI, loaded machines): reported only.
    const firstTokenOk = firstTokenMs('ours') <= Math.min(firstTokenMs('naive'), firstTokenMs('ai-sdk')) + 1000 / 60;
    console.log(
      `target (first token within a frame, 16.7 ms, of the faster peer): ${firstTokenOk ? 'met' : smoke ? 'missed (smoke: not a target)' : 'MISSED'}`,
    );
    if (!smoke) ok &&= firstTokenOk;

    // Long threads.
    const sizes = smoke ? [10, 200] : [10, 100, 1_000];
    const mountSize = smoke ? 200 : 1_000;
    const threads = (await page.evaluate(({ sizes, mountSize }) => window.benches.longThread!({ sizes, mountSize }), {
      sizes,
      mountSize,
    })) as { chat: string; mountMs: number; oneMoreMs: Record<number, number> }[];
    console.log(
      `\nLong threads: render ${mountSize.toLocaleString('en-US')} messages (render + commit + layout), and one more message at each size (median of 15)`,
    );
    table([
      ['chat', `render ${format(mountSize)} ms`, ...sizes.map((n) => `one more at ${format(n)} ms`), 'growth'],
      ...threads.map((t) => [
        t.chat === 'ours' ? 'react-embedded-analytics (MessageList: blocks of rows)' : CHATS[1][1],
        t.mountMs,
        ...sizes.map((n) => t.oneMoreMs[n]!),
        ratio(t.oneMoreMs[sizes.at(-1)!]! / Math.max(0.1, t.oneMoreMs[sizes[0]!]!)),
      ]),
    ]);
    const ours = threads.find((t) => t.chat === 'ours')!;
    // Flat: one more at the largest size within 2x (plus 1 ms of timer noise) of the smallest.
    const slack = smoke ? 3 : 1;
    const flat = ours.oneMoreMs[sizes.at(-1)!]! <= 2 * ours.oneMoreMs[sizes[0]!]! + slack;
    console.log(
      `target (flat: one more at ${sizes.at(-1)} ≤ 2x one more at ${sizes[0]} + ${slack} ms): ${flat ? 'met' : 'MISSED'}`,
    );
    ok &&= flat;

    // Memory.
    const chats = smoke ? 10 : 200;
    const start = await heapMb(page, cdp);
    await page.evaluate((o) => window.benches.memoryStream!(o), stream);
    const streamed = await heapMb(page, cdp);
    await page.evaluate(() => window.benches.memoryUnmount!({}));
    const unmounted = await heapMb(page, cdp);
    await page.evaluate((chats) => window.benches.memoryManyChats!({ chats }), chats);
    const many = await heapMb(page, cdp);
    console.log(
      `\nMemory (JS heap after forced GC; page baseline ${format(baseline)} MB, ${format(start)} MB before these steps)`,
    );
    table([
      ['step', 'heap MB', 'over the start MB', 'target'],
      ['before', start, 0, ''],
      [
        `streamed ${format(stream.deltas)} deltas into ${stream.historySize} messages (mounted)`,
        streamed,
        streamed - start,
        '',
      ],
      ['unmounted', unmounted, unmounted - start, unmounted - start <= 1 ? '≤ 1 MB: met' : '≤ 1 MB: MISSED'],
      [
        `${chats} chats mounted, streamed, unmounted`,
        many,
        many - start,
        many - start <= 2 ? '≤ 2 MB: met' : '≤ 2 MB: MISSED',
      ],
    ]);
    ok &&= unmounted - start <= 1 && many - start <= 2;
  } finally {
    await browser.close();
  }
  return ok;
}

/**
 * The chat in Chromium (production build): streaming render, long threads and memory.
 *
 * - Streaming: 10,000 deltas into a chat holding 500 messages; ours (headless store and
 *   hooks + `MessageView` rows, default flush cadence) beside each peer as shipped and at
 *   its best: the Vercel AI SDK's `useChat` with a custom transport feeding the same content
 *   into the same rows, as shipped and with `experimental_throttle` 16 and 50 ms; a
 *   competent hand-written chat (`useSyncExternalStore`, only the changed message replaced,
 *   memoised rows); the naive chat; and ours at the peer's cadences (`scheduleFlush` every
 *   16 / 50 ms). Runs interleaved, medians. Scripting time is the page's `ScriptDuration`
 *   (DevTools Performance metrics) over the run; total: until the last commit is painted.
 *   Targets: one commit per frame at most, one row per commit, no task over 50 ms, less
 *   scripting and done no later than each peer at its best (its least over its settings).
 * - Time to first token: from the first byte of the response to the first answer text
 *   painted (Chromium's Element Timing), ours beside the same peers, in a chat of 500
 *   messages. Target: ours within a frame of the fastest (paint comes in frames).
 * - Long threads: time to render 1,000 messages; cost of one more message at 10, 100 and
 *   1,000 messages. Target: flat (one more at 1,000 ≤ 2x one more at 10 + 1 ms).
 * - Memory: heap (after forced GC) after streaming 10,000 deltas, after unmounting, and
 *   after 200 chats mounted and unmounted. Target: nothing retained (≤ 1 MB over the
 *   baseline after unmounting, ≤ 2 MB after 200 chats).
 *
 * Smoke (`--smoke`, CI): smaller inputs; gates on the structural targets (commits per frame,
 * rows per commit, memory left) and on ratios measured within the run (ours' scripting
 * against the competent, naive and as-shipped AI SDK chats; one more message at 200 against
 * at 10); no absolute time budget. First token and total time are reported only.
 */
import type { CDPSession, Page } from 'playwright';
import { openBenchPage } from './browser-runner';
import { format, median, ratio, table } from './harness';
import type { ChatMetrics } from './metrics';
import type { SuiteOptions } from './suite';

/** Each chat: its name on the page, its label, and the peer it is a setting of (ours: `ours`). */
const CHATS = [
  ['ours', 'react-embedded-analytics (headless store + MessageView rows; default cadence)', 'ours'],
  ['ours-16', "react-embedded-analytics, scheduleFlush every 16 ms (the peer's cadence)", 'ours'],
  ['ours-50', "react-embedded-analytics, scheduleFlush every 50 ms (the peer's cadence)", 'ours'],
  ['competent', 'competent hand-written (useSyncExternalStore, changed message only, memo rows)', 'competent'],
  ['naive', 'naive (copy the array per delta)', 'naive'],
  ['ai-sdk', '@ai-sdk/react 3 useChat as shipped (custom ChatTransport)', 'ai-sdk'],
  ['ai-sdk-16', '@ai-sdk/react 3 useChat, experimental_throttle: 16', 'ai-sdk'],
  ['ai-sdk-50', '@ai-sdk/react 3 useChat, experimental_throttle: 50', 'ai-sdk'],
] as const;
/** The peers (each at its best: the setting with the least of a measure). */
const PEERS = ['competent', 'naive', 'ai-sdk'] as const;
/** The smoke run (CI): ours, and the peers whose gap is wide enough to gate on in a small loaded run. */
const SMOKE_CHATS = new Set(['ours', 'competent', 'naive', 'ai-sdk']);

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
    ? { historySize: 100, deltas: 1_000, perChunk: 20 }
    : { historySize: 500, deltas: 10_000, perChunk: 20 };
  // BENCH_ROUNDS overrides the number of interleaved rounds (3 by default; the AI SDK's run is long).
  // BENCH_SKIP=rest skips the long-thread and memory parts (to try a streaming change quickly).
  // Smoke: 3 rounds too, so one slow round on a loaded CI machine does not decide a ratio.
  const rounds = smoke ? 3 : Number(process.env.BENCH_ROUNDS ?? 3);
  const browser = await openBenchPage();
  const { page, cdp } = browser;
  let ok = true;
  try {
    await cdp.send('HeapProfiler.enable');
    const baseline = await heapMb(page, cdp);

    // Streaming render, interleaved rounds.
    // BENCH_CHATS=ours,ai-sdk-50 runs those alone (ours always), to try a change quickly.
    const picked = process.env.BENCH_CHATS?.split(',');
    const chats = CHATS.filter(
      ([chat]) => chat === 'ours' || (picked ? picked.includes(chat) : !smoke || SMOKE_CHATS.has(chat)),
    );
    for (const [chat] of chats) await streamRun(page, cdp, chat, { historySize: 20, deltas: 200, perChunk: 20 });
    const runs = new Map<string, Run[]>(chats.map(([chat]) => [chat, []]));
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < chats.length; k++) {
        const [chat] = chats[(k + round) % chats.length]!;
        runs.get(chat)!.push(await streamRun(page, cdp, chat, stream));
      }
    }
    const med = (chat: string, key: keyof Run) => median(runs.get(chat)!.map((r) => r[key]));
    /** A peer at its best for `key`: the least median over its settings. */
    const best = (peer: string, key: keyof Run) =>
      Math.min(...chats.filter(([, , p]) => p === peer).map(([chat]) => med(chat, key)));
    console.log(
      `\nStreaming in Chromium: ${stream.deltas.toLocaleString('en-US')} deltas (${stream.perChunk} per network chunk, one chunk per task) into a chat of ${stream.historySize} messages (median of ${rounds} interleaved runs). Total: from sending to the last commit painted (the stream consumed and shown)`,
    );
    const keys: [keyof Run, string][] = [
      ['ms', 'total ms'],
      ['scriptingMs', 'scripting ms'],
      ['commits', 'commits'],
      ['commitsPerFrame', 'commits per frame'],
      ['rowRendersPerCommit', 'rows rendered per commit'],
      ['longestTaskMs', 'longest task ms'],
      ['longestFrameGapMs', 'longest frame gap ms'],
    ];
    table([
      ['chat', ...keys.map(([, label]) => label), 'total vs ours', 'scripting vs ours'],
      ...chats.map(([chat, label]) => [
        label,
        ...keys.map(([key]) => med(chat, key)),
        ratio(med(chat, 'ms') / med('ours', 'ms')),
        ratio(med(chat, 'scriptingMs') / med('ours', 'scriptingMs')),
      ]),
    ]);
    const peers = PEERS.filter((peer) => chats.some(([, , p]) => p === peer));
    console.log('\nOurs (default) against each peer at its best: the least of each measure over its settings above');
    table([
      ['peer', 'best total ms', 'ours / best total', 'best scripting ms', 'ours / best scripting'],
      ...peers.map((peer) => [
        peer,
        best(peer, 'ms'),
        ratio(med('ours', 'ms') / best(peer, 'ms')),
        best(peer, 'scriptingMs'),
        ratio(med('ours', 'scriptingMs') / best(peer, 'scriptingMs')),
      ]),
    ]);
    const peerChats = chats.filter(([, , p]) => p !== 'ours');
    const stillWins = peerChats.flatMap(([chat, label]) =>
      (
        [
          ['ms', 'total'],
          ['scriptingMs', 'scripting'],
        ] as const
      )
        .filter(([key]) => med(chat, key) < med('ours', key))
        .map(
          ([key, what]) => `${label}: ${what} ${format(med(chat, key))} ms against ours ${format(med('ours', key))}`,
        ),
    );
    console.log(
      `Where a peer still wins on total time or scripting, in this run: ${stillWins.length ? stillWins.join('; ') : 'nowhere'}`,
    );
    const structural =
      // Smoke runs are short: one commit over the frame count (the turn's end) is allowed.
      (med('ours', 'commitsPerFrame') <= 1.05 ||
        (smoke && med('ours', 'commits') <= med('ours', 'commits') / med('ours', 'commitsPerFrame') + 1)) &&
      med('ours', 'rowRendersPerCommit') <= 1.5;
    // Scripting and total time are measured, so compared only as ratios within this run (the
    // medians of interleaved rounds). Full run: ours ahead of every peer at its best, on both.
    // Smoke (CI, after the whole suite, on a loaded 2-core machine): scripting only, against
    // the peers it beats by 2x or more there (competent, naive, the AI SDK as shipped); the
    // throttled AI SDK, within tens of percent, and the total time are left to full runs.
    const scriptingOk = peers.every((peer) => med('ours', 'scriptingMs') < best(peer, 'scriptingMs'));
    const totalOk = smoke || peers.every((peer) => med('ours', 'ms') <= best(peer, 'ms'));
    const streamOk = structural && (smoke || med('ours', 'longestTaskMs') <= 50) && scriptingOk && totalOk;
    console.log(
      smoke
        ? `targets (≤ 1 commit per frame, ≤ 1.5 rows per commit; scripting under each peer's in this run): ${streamOk ? 'met' : 'MISSED'}`
        : `targets (≤ 1 commit per frame, ≤ 1.5 rows per commit, no task over 50 ms; least scripting and done no later than each peer at its best, in this run): ${streamOk ? 'met' : 'MISSED'}`,
    );
    ok &&= streamOk;

    // Time to first token, interleaved rounds.
    const firstTokenRounds = smoke ? 3 : 15;
    const firstTokenChat = { historySize: stream.historySize, deltas: 200, perChunk: stream.perChunk };
    const firstToken = new Map<string, number[]>(chats.map(([chat]) => [chat, []]));
    for (let round = 0; round < firstTokenRounds; round++) {
      for (let k = 0; k < chats.length; k++) {
        const [chat] = chats[(k + round) % chats.length]!;
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
      ...chats.map(([chat, label]) => [
        label,
        firstTokenMs(chat),
        percentile90(firstToken.get(chat)!),
        ratio(firstTokenMs(chat) / firstTokenMs('ours')),
      ]),
    ]);
    const soonerPeers = chats.filter(([chat, , p]) => p !== 'ours' && firstTokenMs(chat) < firstTokenMs('ours'));
    console.log(
      `Where a peer still shows the first token sooner (median), in this run: ${
        soonerPeers.length
          ? soonerPeers
              .map(
                ([chat, label]) =>
                  `${label}: ${format(firstTokenMs(chat))} ms against ours ${format(firstTokenMs('ours'))}`,
              )
              .join('; ')
          : 'nowhere'
      }`,
    );
    // Paint comes in frames: within one frame of the fastest peer setting. Smoke (CI, loaded machines): reported only.
    const fastest = Math.min(...chats.filter(([, , p]) => p !== 'ours').map(([chat]) => firstTokenMs(chat)));
    const firstTokenOk = firstTokenMs('ours') <= fastest + 1000 / 60;
    console.log(
      `target (first token within a frame, 16.7 ms, of the fastest peer at its best): ${firstTokenOk ? 'met' : smoke ? 'missed (smoke: not a target)' : 'MISSED'}`,
    );
    if (!smoke) ok &&= firstTokenOk;

    if (process.env.BENCH_SKIP === 'rest') return ok;

    // Long threads.
    const sizes = smoke ? [10, 200] : [10, 100, 1_000];
    const mountSize = smoke ? 200 : 1_000;
    const threads = (await page.evaluate(({ sizes, mountSize }) => window.benches.longThread!({ sizes, mountSize }), {
      sizes,
      mountSize,
    })) as { chat: string; mountMs: number; oneMoreMs: Record<number, number> }[];
    console.log(
      `\nLong threads: render ${mountSize.toLocaleString('en-US')} messages (render + commit + layout), and one more message at each size (median of 15; a chat of each size mounted side by side, taking turns)`,
    );
    table([
      ['chat', `render ${format(mountSize)} ms`, ...sizes.map((n) => `one more at ${format(n)} ms`), 'growth'],
      ...threads.map((t) => [
        t.chat === 'ours'
          ? 'react-embedded-analytics (MessageList: blocks of rows)'
          : 'naive (copy the array per delta)',
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
    const manyChats = smoke ? 10 : 200;
    const start = await heapMb(page, cdp);
    await page.evaluate((o) => window.benches.memoryStream!(o), stream);
    const streamed = await heapMb(page, cdp);
    await page.evaluate(() => window.benches.memoryUnmount!({}));
    const unmounted = await heapMb(page, cdp);
    await page.evaluate((chats) => window.benches.memoryManyChats!({ chats }), manyChats);
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
        `${manyChats} chats mounted, streamed, unmounted`,
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

// Load against the mock's HTTP server on 127.0.0.1 only. Every loop is bounded in count and
// time and stops by itself; `npm run load` runs the full size, the test a small one.
import { createMockService, defaultFixture, MOCK_ADMIN_KEY, startMockServer } from '../../src/mock';
import { chatStreamUrl, decodeChatStream } from '../../src/protocol';

/** Open resources of this process by kind (timers, sockets…), from Node itself. */
export function resources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** Heap in use after a full collection when `--expose-gc` is on (else as it is), in MB. */
export async function heapMb(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** What a chat load run saw. */
export interface ChatLoadReport {
  streams: number;
  completed: number;
  aborted: number;
  /** Longest time from a client's abort to its stream having ended, in ms. */
  slowestAbortMs: number;
  /** Median time a completed stream took from request to end, in ms: the same run's baseline. */
  medianTurnMs: number;
  /** Abort requests the service answered 204 (turns told to stop) or 404 (already done). */
  abortsTold: number;
  errors: string[];
  heapBeforeMb: number;
  heapAfterLoadMb: number;
  heapAfterResetMb: number;
  timersBefore: number;
  timersAfter: number;
  runsLeft: number;
  durationMs: number;
}

/**
 * `streams` concurrent chat turns, every other one aborted at a random moment (the fetch is
 * aborted and the service told). Returns what ended how, abort latency, and the server's
 * heap and timers before and after.
 */
export async function chatLoad(options: { streams: number; lineDelayMs?: number; deadlineMs?: number }) {
  const deadline = Date.now() + (options.deadlineMs ?? 60_000);
  const mock = createMockService({ lineDelayMs: options.lineDelayMs ?? 5 });
  const server = await startMockServer(mock);
  const url = chatStreamUrl({
    origin: server.url,
    cloudRegion: 'aws-us-east-1',
    accountName: 'acme',
    agentId: 'analyst',
  });
  const headers = { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' };
  const report: ChatLoadReport = {
    streams: options.streams,
    completed: 0,
    aborted: 0,
    slowestAbortMs: 0,
    medianTurnMs: 0,
    abortsTold: 0,
    errors: [],
    heapBeforeMb: await heapMb(),
    heapAfterLoadMb: 0,
    heapAfterResetMb: 0,
    timersBefore: resources().Timeout ?? 0,
    timersAfter: 0,
    runsLeft: 0,
    durationMs: 0,
  };
  const started = Date.now();
  const telling: Promise<void>[] = [];
  const turnMs: number[] = [];
  const one = async (i: number) => {
    const controller = new AbortController();
    // Every other stream is aborted: one in four of those before its first line (the service
    // cannot be told yet), the others at a random moment after it.
    const aborts = i % 2 === 1;
    const early = aborts && i % 8 === 1;
    const user = `load-${i}`;
    let abortedAt = 0;
    let chatId: string | undefined;
    const stop = async () => {
      abortedAt = Date.now();
      controller.abort();
      if (!chatId) return;
      const told = await fetch(`${url}/abort`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ chatId, sessionSettings: { externalId: user } }),
      });
      if (told.status === 204 || told.status === 404) report.abortsTold++;
      else report.errors.push(`abort ${i}: HTTP ${told.status}`);
    };
    let timer = early ? setTimeout(() => telling.push(stop()), Math.random() * 20) : undefined;
    const asked = Date.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ input: 'Revenue by region', sessionSettings: { externalId: user } }),
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(Math.max(1, deadline - Date.now()))]),
      });
      let final = false;
      for await (const event of decodeChatStream(response.body!, { signal: controller.signal })) {
        if (event.type === 'message' && event.message.id === '__cutoff__' && !chatId) {
          chatId = event.message.state?.chatId;
          if (aborts && !early) timer = setTimeout(() => telling.push(stop()), Math.random() * 600);
        }
        if (event.type === 'message' && event.message.graphPath?.[0] === 'final' && !event.message.isInProcess)
          final = true;
      }
      clearTimeout(timer);
      if (final) {
        report.completed++;
        turnMs.push(Date.now() - asked);
      } else report.errors.push(`stream ${i} ended without a final answer`);
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted) {
        report.aborted++;
        report.slowestAbortMs = Math.max(report.slowestAbortMs, Date.now() - abortedAt);
      } else report.errors.push(`stream ${i}: ${String(error)}`);
    }
  };
  await Promise.all(Array.from({ length: options.streams }, (_, i) => one(i)));
  await Promise.all(telling);
  turnMs.sort((a, b) => a - b);
  report.medianTurnMs = turnMs[Math.floor(turnMs.length / 2)] ?? 0;
  // Turns whose client went away before it could tell the service run on to their end.
  while (Date.now() < deadline && mock.runningTurns() > 0) await settle();
  report.runsLeft = mock.runningTurns();
  report.durationMs = Date.now() - started;
  await server.close();
  await settle();
  report.heapAfterLoadMb = await heapMb();
  report.timersAfter = resources().Timeout ?? 0;
  mock.reset();
  report.heapAfterResetMb = await heapMb();
  return report;
}

/** What a Generate Session load run saw. */
export interface SessionLoadReport {
  requests: number;
  clients: number;
  ok: number;
  refusedAtLimit: number;
  wrong: string[];
  limit: number;
  persistentUsers: number;
  distinctAdmitted: number;
  durationMs: number;
}

/**
 * `requests` Generate Session calls from `clients` concurrent clients over loopback, for
 * external users drawn from 1.5 × `limit` ids (Generate Session keeps every external user),
 * so the external-user limit is hit under concurrency. Every answer is checked: the first
 * `limit` users are admitted, always; the others refused, always.
 */
export async function sessionLoad(options: { requests: number; clients: number; limit: number; deadlineMs?: number }) {
  const deadline = Date.now() + (options.deadlineMs ?? 120_000);
  const fixture = defaultFixture();
  fixture.accounts.find((a) => a.name === 'acme')!.maxExternalUsers = options.limit;
  const mock = createMockService({ fixture });
  const server = await startMockServer(mock);
  const report: SessionLoadReport = {
    requests: options.requests,
    clients: options.clients,
    ok: 0,
    refusedAtLimit: 0,
    wrong: [],
    limit: options.limit,
    persistentUsers: 0,
    distinctAdmitted: 0,
    durationMs: 0,
  };
  const admitted = new Set<string>();
  const refused = new Set<string>();
  const started = Date.now();
  let next = 0;
  const client = async () => {
    while (next < options.requests && Date.now() < deadline) {
      const i = next++;
      const id = `user-${(i * 7919) % (options.limit + Math.ceil(options.limit / 2))}`;
      const response = await fetch(`${server.url}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: { Authorization: `Api-Key ${MOCK_ADMIN_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ deploymentId: 1, externalId: id }),
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      const body = (await response.json()) as { sessionId?: string; error?: string };
      if (response.status === 200 && typeof body.sessionId === 'string' && body.sessionId.length > 0) {
        report.ok++;
        admitted.add(id);
        if (refused.has(id)) report.wrong.push(`${id} admitted after being refused at the limit`);
      } else if (response.status === 403 && /limit/i.test(body.error ?? '')) {
        report.refusedAtLimit++;
        refused.add(id);
        if (admitted.has(id)) report.wrong.push(`${id} refused although already admitted`);
      } else report.wrong.push(`${id}: HTTP ${response.status} ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  report.durationMs = Date.now() - started;
  report.distinctAdmitted = admitted.size;
  report.persistentUsers = mock.state.persistentExternalUsers(mock.state.account('acme'));
  if (report.ok + report.refusedAtLimit + report.wrong.length !== options.requests)
    report.wrong.push(`answered ${report.ok + report.refusedAtLimit} of ${options.requests} within the deadline`);
  await server.close();
  return report;
}

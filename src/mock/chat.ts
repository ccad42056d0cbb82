import {
  AbortRequestSchema,
  applyChatMessage,
  ChatRequestSchema,
  CUTOFF_ID,
  EMPTY_THREAD,
  sessionSettingsRuleViolations,
  STATE_ID,
  v,
  type ChatMessage,
  type ChatThread,
  type Schema,
  type SessionSettings,
} from '../protocol';
import { agentTurn } from './agent';
import { viewerOf } from './dataset';
import type { MockFaults } from './faults';
import { errorResponse, json, MockHttpError, readBody, sleep } from './http';
import { applyUserSettings, userKey, type AccountState, type MockState, type UserRecord } from './state';
import { TurnRun } from './turn-run';

const WEEK_SECONDS = 7 * 24 * 3600;

/** A chat thread of the mock: its messages as the reducer folds them, and the running turn. */
export interface MockThread {
  chatId: string;
  account: string;
  agentId: string;
  ownerKey: string;
  thread: ChatThread;
  run?: TurnRun;
  /** Recently finished turns by messageId: a late re-join gets the turn, not a new one. */
  finished: Map<string, TurnRun>;
  nextSort: number;
}

/** A turn the mock's agent ran: what it was asked, in which thread, under which messageId. */
export interface MockTurnRecord {
  chatId: string;
  messageId: string;
  input: string;
}

/** What the router resolved from a chat URL. */
export interface ChatTarget {
  account: AccountState;
  agentId: string;
  /**
   * The user of a `Bearer <embed token>` request: the token's session decides who asks,
   * and the body needs no `sessionSettings` (any it has are ignored: they cannot widen it).
   */
  identity?: UserRecord;
}

/** The sessionSettings standing for a token's user, so the body validates as the spec's. */
function settingsOf(user: UserRecord): SessionSettings {
  return user.kind === 'internal' ? { internalId: user.id } : { externalId: user.id };
}

/** Reads a chat or abort body; with a token identity its `sessionSettings` come from the token. */
async function readChatBody<T>(
  request: Request,
  schema: Schema<T>,
  subject: string,
  identity: UserRecord | undefined,
): Promise<T> {
  if (!identity) return readBody(request, schema, subject);
  const raw = await readBody(request, v.record(v.unknown()), subject);
  const result = schema.safeParse({ ...raw, sessionSettings: settingsOf(identity) }, subject);
  if (!result.success) throw new MockHttpError(400, result.error.message);
  return result.data;
}

/** Options of the chat endpoints. */
export interface ChatOptions {
  state: MockState;
  threads: Map<string, MockThread>;
  /** Every turn started, appended to. */
  turns: MockTurnRecord[];
  faults: MockFaults;
  /** Default delay between streamed lines, in ms. */
  lineDelayMs: number;
}

/**
 * The identity of a chat request: internal users must exist; external users are created
 * or updated, ephemeral unless `isEphemeral: false`, never living past their TTL.
 */
function resolveChatUser(state: MockState, account: AccountState, settings: SessionSettings): UserRecord {
  if (settings.internalId !== undefined) {
    const id = settings.internalId;
    const user =
      state.user(account, userKey('internal', id)) ??
      [...account.users.values()].find((u) => u.kind === 'internal' && u.email === id);
    if (!user) throw new MockHttpError(400, `Internal user ${id} not found`);
    return user;
  }
  const id = settings.externalId!;
  const catalog = account.tenant;
  const missingGroups = (settings.groups ?? []).filter((name) => !catalog.groups.has(name));
  if (missingGroups.length > 0) throw new MockHttpError(400, `Groups with names ${missingGroups.join(', ')} not found`);
  if ((settings.userAttributes ?? []).some(({ name }) => !catalog.attributes.has(name))) {
    throw new MockHttpError(400, 'User attributes not found');
  }
  const existing = state.user(account, userKey('external', id));
  const persist = settings.isEphemeral === false;
  if (persist && (!existing || existing.ephemeral)) {
    const limit = account.fixture.maxExternalUsers;
    if (state.persistentExternalUsers(account) >= limit)
      throw new MockHttpError(403, `External user limit of ${limit} reached`);
  }
  const user = existing ?? state.newUser('external', id);
  if (persist) {
    user.ephemeral = false;
    delete user.expiresAt;
  } else if (user.ephemeral) {
    // Never longer than the TTL asked for: a shorter TTL later shortens the lifetime.
    const expiresAt = state.now() + (settings.ephemeralTtlSeconds ?? WEEK_SECONDS) * 1000;
    user.expiresAt = user.expiresAt === undefined ? expiresAt : Math.min(user.expiresAt, expiresAt);
  }
  applyUserSettings(user, catalog.scope, settings);
  account.users.set(user.key, user);
  return user;
}

function checkSettings(settings: SessionSettings): void {
  const violation = sessionSettingsRuleViolations(settings)[0];
  if (violation) throw new MockHttpError(violation.status, violation.message);
}

const line = (message: unknown) => JSON.stringify(message);

/** Cache-Control of chat streams (see {@link ndjsonResponse} for why not `no-store`). */
export const CHAT_CACHE_CONTROL = 'no-cache';

function stateLine(thread: MockThread, isStreaming: boolean): string {
  return line({ id: STATE_ID, state: { chatId: thread.chatId, isStreaming, messages: thread.thread.messages } });
}

function cutoffLine(chatId: string, isStreaming: boolean): string {
  return line({ id: CUTOFF_ID, state: { chatId, isStreaming } });
}

/**
 * A response body for the given lines, with the request's faults: a first-byte delay, a
 * malformed or `{error}` line before line N, a dropped connection or a stall after N lines,
 * and line N cut in half as the last thing sent.
 * Cancelling the body (the client went away) stops reading; the turn goes on.
 */
function ndjsonResponse(lines: AsyncIterable<string>, faults: MockFaults): Response {
  const iterator = lines[Symbol.asyncIterator]();
  let sent = 0;
  let started = false;
  let stalled: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        await sleep(faults.firstByteDelayMs ?? 0);
      }
      if (faults.dropAfterLines !== undefined && sent >= faults.dropAfterLines) {
        controller.error(new Error('Connection dropped (mock fault injection)'));
        await iterator.return?.();
        return;
      }
      if (faults.stallAfterLines !== undefined && sent >= faults.stallAfterLines) {
        // Nothing more until the client goes away (cancel resolves this pull).
        await new Promise<void>((resolve) => (stalled = resolve));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      sent++;
      if (faults.truncateAtLine === sent) {
        controller.enqueue(new TextEncoder().encode(next.value.slice(0, Math.ceil(next.value.length / 2))));
        controller.close();
        await iterator.return?.();
        return;
      }
      let chunk = '';
      if (faults.malformedLineAt === sent) chunk += '{"id": "broken", "content": \n';
      if (faults.errorLineAt === sent) chunk += `${line({ error: faults.errorMessage ?? 'Injected error (mock)' })}\n`;
      controller.enqueue(new TextEncoder().encode(`${chunk}${next.value}\n`));
    },
    async cancel() {
      stalled?.();
      await iterator.return?.();
    },
  });
  // The real service serves NDJSON as application/json. `no-cache`, not `no-store`: Chromium
  // reports a `no-store` response read through a stream reader as failed (ERR_ABORTED) even
  // when it was read to its end. A POST response is not reused from a cache either way.
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': CHAT_CACHE_CONTROL },
  });
}

async function* fromArray(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

/**
 * A re-join: the turn's messages so far as whole lines (`whole`: the thread's, for a reload
 * by chatId), then the rest of the turn live (or, for a turn that has finished, its final
 * state).
 */
async function* rejoin(thread: MockThread, run: TurnRun, whole = false): AsyncGenerator<string> {
  const from = run.lines.length; // taken with the snapshot, synchronously
  const done = run.done;
  const first = whole ? Number.NEGATIVE_INFINITY : run.firstSort;
  const snapshot = thread.thread.messages.filter((m) => (m.sort ?? 0) >= first && (m.sort ?? 0) < run.endSort);
  yield cutoffLine(thread.chatId, !done);
  for (const message of snapshot) yield line(message);
  if (done) yield stateLine(thread, thread.run !== undefined);
  else yield* run.read(from);
}

function startTurn(
  options: ChatOptions,
  thread: MockThread,
  user: UserRecord,
  input: string,
  messageId: string,
  delayMs: number,
): TurnRun {
  const { state } = options;
  const turnId = state.token('turn');
  const run = new TurnRun(messageId, thread.nextSort);
  options.turns.push({ chatId: thread.chatId, messageId, input });
  const userMessage: ChatMessage = {
    id: `${turnId}-user`,
    role: 'user',
    content: input,
    sort: thread.nextSort,
    isInProcess: false,
  };
  const agentLines = agentTurn({
    turnId,
    question: input,
    fixture: state.fixture,
    viewer: viewerOf(user),
    sort: thread.nextSort + 1,
    resultId: state.token('result'),
  });
  thread.nextSort += 1 + new Set(agentLines.map((m) => m.sort)).size;
  run.endSort = thread.nextSort;
  thread.run = run;
  const apply = (text: string) => {
    thread.thread = applyChatMessage(thread.thread, JSON.parse(text) as ChatMessage);
  };
  run.push(cutoffLine(thread.chatId, true));
  apply(line(userMessage));
  run.push(line(userMessage));
  void (async () => {
    await run.produce(agentLines.map(line), delayMs, apply);
    if (run.aborted) {
      // Whatever was still being generated stops where it is.
      for (const message of thread.thread.messages) {
        if (message.isInProcess) {
          const done = line({ id: message.id, isInProcess: false });
          apply(done);
          run.push(done);
        }
      }
    }
    thread.thread = { ...thread.thread, isStreaming: false };
    run.push(stateLine(thread, false));
    run.finish();
    if (thread.run === run) delete thread.run;
    thread.finished.set(run.messageId, run);
    if (thread.finished.size > 20) thread.finished.delete(thread.finished.keys().next().value!);
  })();
  return run;
}

/** `POST …/chat/stream-chat-state`. */
export async function handleChat(
  options: ChatOptions,
  target: ChatTarget,
  request: Request,
  faults: MockFaults,
): Promise<Response> {
  const { state, threads } = options;
  const { account, agentId } = target;
  const body = await readChatBody(request, ChatRequestSchema, 'chat request', target.identity);
  if (!target.identity) checkSettings(body.sessionSettings);
  const user = target.identity ?? resolveChatUser(state, account, body.sessionSettings);

  let thread: MockThread | undefined;
  // The platform's Node client names its own thread (`chat-<time>`): with a token, an unknown
  // chatId starts that thread (another user's stays a 404).
  const adopt = target.identity !== undefined && body.chatId !== undefined && !threads.has(body.chatId);
  if (body.chatId !== undefined && !adopt) {
    thread = threads.get(body.chatId);
    if (
      !thread ||
      thread.account !== account.fixture.name ||
      thread.agentId !== agentId ||
      thread.ownerKey !== user.key
    ) {
      throw new MockHttpError(404, `Chat ${body.chatId} not found`);
    }
  }

  const agent = account.fixture.agents.find((a) => a.id === agentId)!;
  if (body.activeBranchName !== undefined && !agent.branches.includes(body.activeBranchName)) {
    return ndjsonResponse(fromArray([line({ error: `Branch ${body.activeBranchName} not found` })]), faults);
  }

  if (body.input === undefined) {
    if (!thread) throw new MockHttpError(400, 'Either input or chatId is required');
    // The thread's current state: all of it, then a running turn's rest as it comes.
    if (thread.run) return ndjsonResponse(rejoin(thread, thread.run, true), faults);
    return ndjsonResponse(fromArray([cutoffLine(thread.chatId, false), stateLine(thread, false)]), faults);
  }

  if (!thread) {
    const chatId = adopt ? body.chatId! : state.token('chat');
    thread = {
      chatId,
      account: account.fixture.name,
      agentId,
      ownerKey: user.key,
      thread: { ...EMPTY_THREAD, chatId },
      nextSort: 0,
      finished: new Map(),
    };
    threads.set(chatId, thread);
  }
  if (thread.run) {
    if (body.messageId !== undefined && body.messageId === thread.run.messageId) {
      return ndjsonResponse(rejoin(thread, thread.run), faults);
    }
    return ndjsonResponse(fromArray([line({ error: 'Streaming for thread is in progress' })]), faults);
  }
  const finished = body.messageId === undefined ? undefined : thread.finished.get(body.messageId);
  if (finished) return ndjsonResponse(rejoin(thread, finished), faults);
  const messageId = body.messageId ?? `${state.now()}-message`;
  const run = startTurn(options, thread, user, body.input, messageId, faults.lineDelayMs ?? options.lineDelayMs);
  return ndjsonResponse(run.read(0), faults);
}

/** `POST …/stream-chat-state/abort` (the spec) or `…/chat/abort` (the real service). */
export async function handleAbort(options: ChatOptions, target: ChatTarget, request: Request): Promise<Response> {
  const { threads } = options;
  const body = await readChatBody(request, AbortRequestSchema, 'abort request', target.identity);
  if (!target.identity) checkSettings(body.sessionSettings);
  const settings = body.sessionSettings;
  const key =
    settings.internalId !== undefined
      ? userKey('internal', settings.internalId)
      : userKey('external', settings.externalId!);
  const thread = threads.get(body.chatId);
  if (!thread || thread.account !== target.account.fixture.name || thread.agentId !== target.agentId) {
    return errorResponse(404, `Chat ${body.chatId} not found`);
  }
  const owner = target.account.users.get(thread.ownerKey);
  const sameInternal =
    owner?.kind === 'internal' && (owner.id === settings.internalId || owner.email === settings.internalId);
  if (thread.ownerKey !== key && !sameInternal) return errorResponse(403, 'You do not own this chat thread');
  thread.run?.abort();
  return new Response(null, { status: 204 });
}

/** The HTML error page a gateway in front of the service can answer with, as HTTP 200. */
export function gatewayErrorPage(): Response {
  const html = '<html><head><title>Error</title></head><body><h1>An error occurred.</h1><p>nginx</p></body></html>\n';
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html' } });
}

/** JSON-RPC authentication error body the real service can send with HTTP 200. */
export function jsonRpcAuthError(): Response {
  return json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized: invalid API key' } }, 200);
}

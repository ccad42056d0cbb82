import { CUTOFF_ID, STATE_ID, type ChatMessage, type ToolCall } from './chat';
import { withoutPrototypeKeys } from './own-keys';

/** A chat thread as the stream has built it so far. Immutable: reducers return new ones. */
export interface ChatThread {
  /** From the `__cutoff__` line; null until the service names the thread. */
  readonly chatId: string | null;
  /** True between `__cutoff__` and the end of the turn (or a `__state__` saying otherwise). */
  readonly isStreaming: boolean;
  /** Messages ordered by `sort`, then arrival; `__cutoff__` and `__state__` are not kept. */
  readonly messages: readonly ChatMessage[];
}

/** A thread with no messages. */
export const EMPTY_THREAD: ChatThread = Object.freeze({
  chatId: null,
  isStreaming: false,
  messages: Object.freeze([]) as readonly ChatMessage[],
});

// Position index per messages array. A map is shared by the arrays of successive states
// while their positions only grow by appends, so a lookup is checked against the array: a
// missing id is absent, a mismatch (another branch reused the map) rebuilds it.
const indexes = new WeakMap<readonly ChatMessage[], Map<string, number>>();

function buildIndex(messages: readonly ChatMessage[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < messages.length; i++) index.set(messages[i]!.id, i);
  indexes.set(messages, index);
  return index;
}

function indexOf(messages: readonly ChatMessage[], id: string): number {
  const i = (indexes.get(messages) ?? buildIndex(messages)).get(id);
  if (i === undefined) return -1;
  if (messages[i]?.id === id) return i;
  const rebuilt = buildIndex(messages).get(id);
  return rebuilt ?? -1;
}

/** The message with `id`, in O(1). */
export function findMessage(thread: ChatThread, id: string): ChatMessage | undefined {
  const i = indexOf(thread.messages, id);
  return i === -1 ? undefined : thread.messages[i];
}

/**
 * Applies lines to a thread with copy-on-write: the messages array is copied at most once,
 * a message only when it changes, and objects created inside one batch are updated in
 * place afterwards, so a batch of 100 deltas to one message allocates one message.
 */
class ThreadWriter {
  private chatId: string | null;
  private isStreaming: boolean;
  private messages: readonly ChatMessage[];
  private ownsArray = false;
  private readonly owned = new Set<object>();
  /** The position index of `messages`, held here so a batch looks it up once, not per line. */
  private index: Map<string, number> | undefined;

  constructor(private readonly base: ChatThread) {
    this.chatId = base.chatId;
    this.isStreaming = base.isStreaming;
    this.messages = base.messages;
  }

  apply(message: ChatMessage): void {
    if (message.id === CUTOFF_ID) {
      const state = message.state;
      if (typeof state?.chatId === 'string') this.chatId = state.chatId;
      this.isStreaming = state?.isStreaming ?? true;
      return;
    }
    if (message.id === STATE_ID) {
      const state = message.state;
      if (typeof state?.chatId === 'string') this.chatId = state.chatId;
      for (const snapshot of state?.messages ?? []) {
        if (snapshot.id === CUTOFF_ID || snapshot.id === STATE_ID) continue;
        this.upsert(snapshot.isDelta ? { ...snapshot, isDelta: false } : snapshot);
      }
      this.isStreaming = state?.isStreaming ?? false;
      return;
    }
    this.upsert(message);
  }

  finish(): ChatThread {
    const { base } = this;
    if (this.messages === base.messages && this.chatId === base.chatId && this.isStreaming === base.isStreaming) {
      return base;
    }
    return { chatId: this.chatId, isStreaming: this.isStreaming, messages: this.messages };
  }

  private writable(): ChatMessage[] {
    if (!this.ownsArray) {
      const copy = this.messages.slice();
      // Same positions: the copy shares the index.
      this.index = indexes.get(this.messages) ?? buildIndex(this.messages);
      indexes.set(copy, this.index);
      this.messages = copy;
      this.ownsArray = true;
    }
    return this.messages as ChatMessage[];
  }

  /** `indexOf` for the writer's current array, without a WeakMap lookup per line. */
  private positionOf(id: string): number {
    const index = (this.index ??= indexes.get(this.messages) ?? buildIndex(this.messages));
    const i = index.get(id);
    if (i === undefined) return -1;
    if (this.messages[i]?.id === id) return i;
    this.index = buildIndex(this.messages);
    return this.index.get(id) ?? -1;
  }

  private upsert(wire: ChatMessage): void {
    // A wire `__proto__` key merged by assignment would set the message's prototype.
    let line = withoutPrototypeKeys(wire);
    if (line.toolCall) {
      const toolCall = withoutPrototypeKeys(line.toolCall);
      if (toolCall !== line.toolCall) line = { ...line, toolCall };
    }
    const at = this.positionOf(line.id);
    if (at === -1) {
      this.insert(line.isDelta ? this.own(withoutDelta(line)) : line);
      return;
    }
    const previous = this.messages[at]!;
    const next = this.merge(previous, line);
    if (next === previous) return;
    const messages = this.writable();
    if (next.sort === previous.sort) {
      messages[at] = next;
      return;
    }
    // A new sort may move it: take it out and insert it again in order.
    messages.splice(at, 1);
    this.index = buildIndex(messages);
    this.insert(next);
  }

  /** `previous` with `line` applied: a copy, or `previous` itself when this batch owns it. */
  private merge(previous: ChatMessage, line: ChatMessage): ChatMessage {
    type Fields = Record<string, unknown>;
    const source = line as unknown as Fields;
    let target = (this.owned.has(previous) ? previous : undefined) as Fields | undefined;
    const isDelta = line.isDelta === true;
    for (const key in source) {
      if (key === 'id' || key === 'isDelta') continue;
      const value = source[key];
      if (value === undefined) continue;
      const current = (target ?? (previous as unknown as Fields))[key];
      if (isDelta && (key === 'content' || key === 'thinking')) {
        if (value === '') continue;
        target ??= this.copy(previous);
        target[key] = current === undefined ? value : (current as string) + (value as string);
      } else if (key === 'toolCall') {
        const merged = this.mergeToolCall(current as ToolCall | undefined, value as ToolCall);
        if (merged === current) continue;
        target ??= this.copy(previous);
        target[key] = merged;
      } else if (current !== value && !sameArray(current, value)) {
        target ??= this.copy(previous);
        target[key] = value;
      }
    }
    return (target as ChatMessage | undefined) ?? previous;
  }

  private copy(message: ChatMessage): Record<string, unknown> {
    return this.own({ ...message }) as unknown as Record<string, unknown>;
  }

  private mergeToolCall(previous: ToolCall | undefined, next: ToolCall): ToolCall {
    if (!previous) return next;
    let result: ToolCall | undefined = this.owned.has(previous) ? previous : undefined;
    for (const key of ['name', 'input', 'result'] as const) {
      const value = next[key];
      if (value === undefined || value === (result ?? previous)[key]) continue;
      result ??= this.own({ ...previous });
      result[key] = value;
    }
    return result ?? previous;
  }

  /**
   * Inserts after the last message whose sort is at or before its own (arrival order for
   * ties); messages without a sort keep their place, and one without a sort is appended.
   */
  private insert(message: ChatMessage): void {
    const messages = this.writable();
    let at = messages.length;
    if (message.sort !== undefined) {
      for (let i = messages.length - 1; i >= 0; i--) {
        const sort = messages[i]!.sort;
        if (sort === undefined) continue;
        if (sort <= message.sort) break;
        at = i;
      }
    }
    if (at === messages.length) {
      messages.push(message);
      indexes.get(messages)!.set(message.id, at);
    } else {
      messages.splice(at, 0, message);
      this.index = buildIndex(messages);
    }
  }

  private own<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }
}

/** Equal arrays of primitives (a graphPath repeated on every delta keeps its message). */
function sameArray(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function withoutDelta(line: ChatMessage): ChatMessage {
  const { isDelta: _isDelta, ...rest } = line;
  return rest;
}

/**
 * Applies one stream line to a thread. Upserts by `id`: a delta (`isDelta`) appends its
 * `content` and `thinking`; any other line overrides the fields it carries (fields it
 * omits are kept, and `toolCall`'s input and result are merged). `__cutoff__` sets
 * `chatId` and `isStreaming`; `__state__` reconciles its snapshot by id. Unchanged
 * messages keep their identity; a line that changes nothing returns `thread` itself.
 */
export function applyChatMessage(thread: ChatThread, message: ChatMessage): ChatThread {
  const writer = new ThreadWriter(thread);
  writer.apply(message);
  return writer.finish();
}

/**
 * Applies many lines at once, copying the containers once for the whole batch: the way to
 * apply a network chunk or an animation frame's worth of deltas.
 */
export function applyChatMessages(thread: ChatThread, messages: Iterable<ChatMessage>): ChatThread {
  const writer = new ThreadWriter(thread);
  for (const message of messages) writer.apply(message);
  return writer.finish();
}

/** Sets `isStreaming` (e.g. false once a stream ends or is aborted), keeping the messages. */
export function setStreaming(thread: ChatThread, isStreaming: boolean): ChatThread {
  return thread.isStreaming === isStreaming ? thread : { ...thread, isStreaming };
}

/** The spec's rule for a final-answer message: assistant, `graphPath[0] === 'final'`, path length ≤ 2. */
export function isFinalAnswer(message: ChatMessage): boolean {
  const path = message.graphPath;
  return message.role === 'assistant' && Array.isArray(path) && path[0] === 'final' && path.length <= 2;
}

const finalAnswers = new WeakMap<readonly ChatMessage[], ChatMessage | null>();

/** The thread's final answer: the last message matching {@link isFinalAnswer}. Memoized. */
export function selectFinalAnswer(thread: ChatThread | readonly ChatMessage[]): ChatMessage | undefined {
  const messages = 'messages' in thread ? thread.messages : thread;
  let answer = finalAnswers.get(messages);
  if (answer === undefined) {
    answer = null;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (isFinalAnswer(messages[i]!)) {
        answer = messages[i]!;
        break;
      }
    }
    finalAnswers.set(messages, answer);
  }
  return answer ?? undefined;
}

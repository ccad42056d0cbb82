import { v, type Infer, type Schema } from './schema';

/** A tool call made by the agent; `input` and `result` are JSON strings. */
export const ToolCallSchema = v.object({
  name: v.string(),
  input: v.optional(v.string()),
  /** Present only once the call is complete. */
  result: v.optional(v.string()),
});
/** Raw tool call as on the wire; parse it with `parseToolCall`. */
export type ToolCall = Infer<typeof ToolCallSchema>;

/** Role of a chat message; open to roles a newer service may add. */
export type ChatRole = 'user' | 'assistant' | (string & {});

/** Streaming state carried by the `__cutoff__` and `__state__` lines. */
export interface ChatStreamState {
  chatId?: string;
  isStreaming?: boolean;
  /** `__state__` only: a snapshot of the thread. */
  messages?: ChatMessage[];
  [key: string]: unknown;
}

/** One line of the chat stream (spec: Chat message). */
export interface ChatMessage {
  id: string;
  role?: ChatRole;
  content?: string;
  thinking?: string;
  toolCall?: ToolCall;
  /** Agent-graph node that produced it; `final` first marks the final answer. */
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  sort?: number;
  state?: ChatStreamState;
}

/** Runtime check of a chat message line (recursive through `state.messages`). */
export const ChatMessageSchema: Schema<ChatMessage> = v.object({
  id: v.string(),
  role: v.optional(v.string<ChatRole>()),
  content: v.optional(v.string()),
  thinking: v.optional(v.string()),
  toolCall: v.optional(ToolCallSchema),
  graphPath: v.optional(v.array(v.string())),
  isDelta: v.optional(v.boolean()),
  isInProcess: v.optional(v.boolean()),
  sort: v.optional(v.number()),
  state: v.optional(
    v.object({
      chatId: v.optional(v.string()),
      isStreaming: v.optional(v.boolean()),
      messages: v.optional(v.array(v.lazy(() => ChatMessageSchema))),
    }),
  ),
});

/** Id of the first line of a stream; its `state.chatId` names the thread. */
export const CUTOFF_ID = '__cutoff__';
/** Id of the snapshot line some servers send last (`state.messages`). */
export const STATE_ID = '__state__';

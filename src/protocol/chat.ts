import { SecurityContextSchema, UserAttributeValueSchema } from './session';
import { v, type Infer, type Schema } from './schema';

/** Who the chat user is, and what they may see (spec: sessionSettings). */
export const SessionSettingsSchema = v.object({
  /** External user id: lowercase, no spaces. One of externalId or internalId. */
  externalId: v.optional(v.string()),
  /** Email of an existing internal user. One of externalId or internalId. */
  internalId: v.optional(v.string()),
  email: v.optional(v.string()),
  userAttributes: v.optional(v.array(UserAttributeValueSchema)),
  groups: v.optional(v.array(v.string())),
  securityContext: v.optional(SecurityContextSchema),
  /** Lifetime of an ephemeral user; default one week. */
  ephemeralTtlSeconds: v.optional(v.number()),
  /** Default true; false persists the user. */
  isEphemeral: v.optional(v.boolean()),
});
/** Identity and row-level-security settings of a chat request. */
export type SessionSettings = Infer<typeof SessionSettingsSchema>;

/** Pattern of the real service's optional `messageId` (re-joins a running stream). */
export const MESSAGE_ID_PATTERN = /^\d{13,}-message$/;

/** Body of a Chat (`…/stream-chat-state`) request. */
export const ChatRequestSchema = v.object({
  /** The user's message; omitted, the thread's current state is returned. */
  input: v.optional(v.string()),
  /** Thread id from a previous `__cutoff__` line; omitted, a new thread starts. */
  chatId: v.optional(v.string()),
  sessionSettings: SessionSettingsSchema,
  activeBranchName: v.optional(v.string()),
  isDefaultBranch: v.optional(v.boolean()),
  /** Real service: same id while its stream runs re-joins that stream. */
  messageId: v.optional(v.string().refine((id) => MESSAGE_ID_PATTERN.test(id), 'must match ^\\d{13,}-message$')),
});
/** A chat turn (or a thread reload when `input` is omitted). */
export type ChatRequest = Infer<typeof ChatRequestSchema>;

/** Body of a Chat Abort request. */
export const AbortRequestSchema = v.object({
  chatId: v.string(),
  sessionSettings: SessionSettingsSchema,
});
/** Stops the thread's in-progress stream. */
export type AbortRequest = Infer<typeof AbortRequestSchema>;

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

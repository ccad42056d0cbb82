// The chat's request bodies, apart from chat.ts: the browser bundle reads messages, while
// only servers and the mock validate requests (and their session schemas).
import { SecurityContextSchema, UserAttributeValueSchema } from './session';
import { v, type Infer } from './schema';

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

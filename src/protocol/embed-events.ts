// The events an embed posts, apart from embed.ts: a page that embeds dashboards builds URLs
// and posts actions from its first paint, but reads events (with the schemas under them)
// only once an iframe has loaded, so it can load this module later.
import { EMBED_MESSAGE_SOURCE } from './embed';
import { v, type Infer, type Schema } from './schema';

const optionalString = v.optional(v.string());
const optionalNumber = v.optional(v.number());

/** Payload schemas of the events an embed posts to its host, by type. */
export const EmbedEventPayloadSchemas = {
  'cube:event:ready': v.object({
    embedTenant: v.optional(v.nullable(v.string())),
    deploymentId: v.optional(v.nullable(v.number())),
    mode: optionalString,
    surface: optionalString,
    publicId: v.optional(v.nullable(v.string())),
  }),
  'cube:event:view': v.object({
    surface: optionalString,
    path: v.string(),
    publicId: v.optional(v.nullable(v.string())),
    title: optionalString,
  }),
  'cube:event:navigate': v.object({ path: v.string(), previousPath: optionalString }),
  'cube:event:dashboard-loaded': v.object({
    publicId: v.optional(v.nullable(v.string())),
    widgetCount: optionalNumber,
    loadDurationMs: optionalNumber,
  }),
  'cube:event:download': v.object({
    format: v.string(),
    target: v.string(),
    widgetId: optionalString,
    title: optionalString,
    rowCount: optionalNumber,
  }),
  'cube:event:drilldown': v.object({ member: v.string(), value: v.optional(v.unknown()), widgetId: optionalString }),
  'cube:event:ai-query': v.object({
    query: v.string(),
    status: v.string(),
    chatId: optionalString,
    agentId: optionalString,
  }),
  'cube:event:error': v.object({
    message: v.string(),
    name: optionalString,
    context: v.optional(v.unknown()),
    fatal: v.optional(v.boolean()),
  }),
  /** Content height, for auto-height (sent by the mock; the real service's name may differ). */
  'cube:event:resize': v.object({ height: v.number() }),
} satisfies Record<string, Schema<unknown>>;

/** Event types an embed posts. */
export type EmbedEventType = keyof typeof EmbedEventPayloadSchemas;

/** A validated event from an embed. */
export type EmbedEvent = {
  [K in EmbedEventType]: {
    type: K;
    payload: Infer<(typeof EmbedEventPayloadSchemas)[K]>;
    timestamp?: number;
    surface?: string;
  };
}[EmbedEventType];

/**
 * Reads `data` from a message event as an embed event: the `cube-embed` envelope, direction
 * `event`, a known type and a payload of the right shape. Anything else is undefined.
 */
export function parseEmbedEvent(data: unknown): EmbedEvent | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const envelope = data as Record<string, unknown>;
  if (envelope.source !== EMBED_MESSAGE_SOURCE || envelope.direction !== 'event' || typeof envelope.type !== 'string')
    return undefined;
  const type = envelope.type as EmbedEventType;
  // Own keys only: a type such as `toString` or `__proto__` must not find Object's members.
  if (!Object.hasOwn(EmbedEventPayloadSchemas, type)) return undefined;
  const schema = (EmbedEventPayloadSchemas as Record<string, Schema<unknown>>)[type]!;
  if (!schema.is(envelope.payload ?? {})) return undefined;
  const event = { type, payload: envelope.payload ?? {} } as EmbedEvent;
  if (typeof envelope.timestamp === 'number') event.timestamp = envelope.timestamp;
  if (typeof envelope.surface === 'string') event.surface = envelope.surface;
  return event;
}

import { EmbedThemeSchema } from './embed-theme';
import { v, type Infer } from './schema';

/** Optional profile shown next to the user's avatar (spec: userProfile object). */
export const UserProfileSchema = v.object({
  displayName: v.optional(v.string()),
  /** Absolute http(s) URL; never downloaded or proxied by the service. */
  picture: v.optional(v.string()),
});
/** Display name and picture of an external user. */
export type UserProfile = Infer<typeof UserProfileSchema>;

/** The four attribute definition types of the spec. */
export const AttributeTypeSchema = v.enum(['string', 'number', 'string_array', 'number_array']);
/** Type of a user attribute definition; immutable once created. */
export type AttributeType = Infer<typeof AttributeTypeSchema>;

/** A value for one user attribute; `null` clears it. */
export const UserAttributeValueSchema = v.object({
  name: v.string(),
  value: v.union(v.string(), v.number(), v.array(v.string()), v.array(v.number()), v.null()),
});
/** `{ name, value }` pair applied to a user for row-level security. */
export type UserAttributeValue = Infer<typeof UserAttributeValueSchema>;

/** A group to upsert in an embed tenant (creator mode). */
export const GroupDefinitionSchema = v.object({
  name: v.string(),
  description: v.optional(v.string()),
});
/** Group upserted by name; the description is updated when it differs, never cleared. */
export type GroupDefinition = Infer<typeof GroupDefinitionSchema>;

/** An attribute definition to upsert in an embed tenant (creator mode). */
export const UserAttributeDefinitionSchema = v.object({
  name: v.string(),
  type: AttributeTypeSchema,
  displayName: v.optional(v.string()),
  defaultValue: v.optional(v.string()),
  description: v.optional(v.string()),
});
/** Attribute definition upserted by name; its type can never change. */
export type UserAttributeDefinition = Infer<typeof UserAttributeDefinitionSchema>;

/** A custom security context passed to queries. */
export const SecurityContextSchema = v.record(v.unknown());
/** Free-form object handed to the data model's access policies. */
export type SecurityContext = Infer<typeof SecurityContextSchema>;

/**
 * Body of `POST /api/v1/embed/generate-session`. The shape only; the spec's cross-field
 * rules (exactly one id, internalId exclusions, creator-mode requirements…) are in
 * `generateSessionRuleViolations`.
 */
export const GenerateSessionRequestSchema = v.object({
  deploymentId: v.number(),
  externalId: v.optional(v.string()),
  internalId: v.optional(v.string()),
  email: v.optional(v.string()),
  userProfile: v.optional(UserProfileSchema),
  embedTenantName: v.optional(v.string()),
  creatorMode: v.optional(v.boolean()),
  userAttributes: v.optional(v.array(UserAttributeValueSchema)),
  groups: v.optional(v.array(v.string())),
  userAttributeDefinitions: v.optional(v.array(UserAttributeDefinitionSchema)),
  groupDefinitions: v.optional(v.array(GroupDefinitionSchema)),
  securityContext: v.optional(SecurityContextSchema),
  // Accepted by the real service, outside the spec (real-service.md).
  embedTheme: v.optional(EmbedThemeSchema),
  roles: v.optional(v.array(v.string())),
  branchName: v.optional(v.string()),
  settings: v.optional(v.record(v.unknown())),
  ephemeralTtlSeconds: v.optional(v.number()),
  isEphemeral: v.optional(v.boolean()),
});
/** Request to mint a short-lived, single-use embed session. */
export type GenerateSessionRequest = Infer<typeof GenerateSessionRequestSchema>;

/** Response of Generate Session. */
export const SessionSchema = v.object({ sessionId: v.string() });
/** `{ sessionId }`: put it in the embed URL; it is single-use and must be exchanged within minutes. */
export type Session = Infer<typeof SessionSchema>;

/** Body of the real service's `POST /api/v1/embed/session/revoke`. */
export const RevokeSessionRequestSchema = v.object({ sessionId: v.string() });
/** Request that ends a session (idempotent). */
export type RevokeSessionRequest = Infer<typeof RevokeSessionRequestSchema>;

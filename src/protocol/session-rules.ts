import type { SessionSettings } from './chat-request';
import type { GenerateSessionRequest } from './session';

/** A rule of the spec that a request breaks, with the HTTP status the service answers. */
export interface RuleViolation {
  /** Short stable id of the rule, e.g. `internal-id-exclusions`. */
  rule: string;
  message: string;
  status: number;
}

/** Embed tenant names: lowercase, 5-36 characters, a letter first, a letter or digit last, `a-z0-9-`. */
export const EMBED_TENANT_NAME_PATTERN = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

/** True for an absolute http:// or https:// URL (the only pictures the service accepts). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

const INTERNAL_EXCLUSIONS = [
  'groups',
  'userAttributes',
  'groupDefinitions',
  'userAttributeDefinitions',
  'securityContext',
  'userProfile',
] as const;

/**
 * Every rule of Generate Session that can be checked without the service's data: exactly
 * one of externalId/internalId, the internalId exclusions (rule 1), duplicate names
 * (rules 3, 10), creator-mode requirements (rule 9), the tenant name and picture URL
 * formats, and value types against definitions sent in the same request. Shared by the
 * server client (before the network) and the mock (as the service).
 */
export function generateSessionRuleViolations(request: GenerateSessionRequest): RuleViolation[] {
  const out: RuleViolation[] = [];
  const add = (rule: string, message: string, status = 400) => out.push({ rule, message, status });
  const hasExternal = request.externalId !== undefined;
  const hasInternal = request.internalId !== undefined;
  if (hasExternal === hasInternal) add('one-id', 'Exactly one of externalId or internalId is required');
  if (hasExternal && request.externalId!.trim() === '') add('one-id', 'externalId must not be empty');
  if (hasInternal) {
    const sent = INTERNAL_EXCLUSIONS.filter((field) => request[field] !== undefined);
    if (sent.length > 0) add('internal-id-exclusions', `${sent.join(', ')} must not be sent with internalId`);
  }
  if (request.embedTenantName !== undefined && !EMBED_TENANT_NAME_PATTERN.test(request.embedTenantName)) {
    add(
      'embed-tenant-name',
      'embedTenantName must be 5 to 36 characters of a-z, 0-9 and "-", start with a letter and end with a letter or digit',
    );
  }
  const picture = request.userProfile?.picture;
  if (picture !== undefined && !isHttpUrl(picture)) {
    add('picture-url', 'userProfile.picture must be an absolute http:// or https:// URL');
  }
  const repeatedValues = duplicates((request.userAttributes ?? []).map((a) => a.name));
  if (repeatedValues.length > 0)
    add('duplicate-user-attributes', `Duplicate userAttributes names: ${repeatedValues.join(', ')}`);
  const hasDefinitions = request.groupDefinitions !== undefined || request.userAttributeDefinitions !== undefined;
  if (hasDefinitions && request.creatorMode !== true) {
    add('definitions-need-creator-mode', 'groupDefinitions and userAttributeDefinitions require creatorMode true');
  }
  if (hasDefinitions && request.embedTenantName === undefined) {
    add('definitions-need-tenant', 'groupDefinitions and userAttributeDefinitions require embedTenantName');
  }
  const repeatedGroups = duplicates((request.groupDefinitions ?? []).map((g) => g.name));
  if (repeatedGroups.length > 0)
    add('duplicate-group-definitions', `Duplicate groupDefinitions names: ${repeatedGroups.join(', ')}`);
  const repeatedDefinitions = duplicates((request.userAttributeDefinitions ?? []).map((d) => d.name));
  if (repeatedDefinitions.length > 0) {
    add(
      'duplicate-attribute-definitions',
      `Duplicate userAttributeDefinitions names: ${repeatedDefinitions.join(', ')}`,
    );
  }
  for (const definition of request.userAttributeDefinitions ?? []) {
    const value = request.userAttributes?.find((a) => a.name === definition.name)?.value;
    if (value !== undefined && !valueMatchesType(value, definition.type)) {
      add('attribute-value-type', `Value of user attribute ${definition.name} must be of type ${definition.type}`);
    }
  }
  return out;
}

/** Whether an attribute value fits a definition type; `null` (clear) fits every type. */
export function valueMatchesType(value: unknown, type: 'string' | 'number' | 'string_array' | 'number_array'): boolean {
  if (value === null) return true;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string_array':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number_array':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
  }
}

/** The Chat rules on sessionSettings: one id, its format, and the internalId exclusions. */
export function sessionSettingsRuleViolations(settings: SessionSettings): RuleViolation[] {
  const out: RuleViolation[] = [];
  const add = (rule: string, message: string) => out.push({ rule, message, status: 400 });
  const hasExternal = settings.externalId !== undefined;
  const hasInternal = settings.internalId !== undefined;
  if (hasExternal === hasInternal) add('one-id', 'sessionSettings needs exactly one of externalId or internalId');
  if (hasExternal && !/^[^\sA-Z]+$/.test(settings.externalId!)) {
    add('external-id-format', 'sessionSettings.externalId must be lowercase, non-empty and without spaces');
  }
  if (hasInternal) {
    const sent = (['groups', 'userAttributes', 'securityContext', 'roles'] as const).filter(
      (field) => (settings as Record<string, unknown>)[field] !== undefined,
    );
    if (sent.length > 0) add('internal-id-exclusions', `${sent.join(', ')} must not be sent with internalId`);
  }
  if (settings.ephemeralTtlSeconds !== undefined && !(settings.ephemeralTtlSeconds > 0)) {
    add('ephemeral-ttl', 'sessionSettings.ephemeralTtlSeconds must be a positive number');
  }
  const repeated = duplicates((settings.userAttributes ?? []).map((a) => a.name));
  if (repeated.length > 0) add('duplicate-user-attributes', `Duplicate userAttributes names: ${repeated.join(', ')}`);
  return out;
}

import { generateSessionRuleViolations, valueMatchesType, type GenerateSessionRequest } from '../protocol';
import { MockHttpError } from './http';
import type { AccountState, Catalog, MockState, SessionRecord, UserRecord } from './state';
import { applyUserSettings, userKey } from './state';

/**
 * Generate Session as the spec describes it. Everything is validated and planned first;
 * nothing is written until the whole request is known to succeed, so a rejected request
 * changes nothing (rule 11's "nothing upserted", for every rule).
 */
export function generateSession(
  state: MockState,
  account: AccountState,
  request: GenerateSessionRequest,
  /** No deployment: a chat-only session, as the real service mints one (the spec requires a deployment). */
  chatOnly = false,
): SessionRecord {
  const violation = generateSessionRuleViolations(request)[0];
  if (violation) throw new MockHttpError(violation.status, violation.message);

  const { fixture } = account;
  if (!chatOnly && !fixture.deployments.some((d) => d.id === request.deploymentId)) {
    throw new MockHttpError(404, `Deployment ${request.deploymentId} not found`);
  }
  const creatorMode = request.creatorMode === true;
  if (creatorMode && !fixture.flags.useCreatorMode) {
    throw new MockHttpError(403, 'Creator mode requires the useCreatorMode tenant flag');
  }

  // Rules 5, 7 and 9: creator mode resolves in the embed tenant's scoped catalog.
  const tenantName = request.embedTenantName;
  const existing = tenantName === undefined ? undefined : account.embedTenants.get(tenantName);
  const base: Catalog =
    creatorMode && tenantName !== undefined ? (existing ?? state.newEmbedTenant(tenantName)) : account.tenant;
  const catalog = planDefinitions(state, base, request);

  // Rules 6-8: groups resolve by name in the applicable catalog.
  const missingGroups = (request.groups ?? []).filter((name) => !catalog.groups.has(name));
  if (missingGroups.length > 0) {
    throw new MockHttpError(400, `Groups with names ${missingGroups.join(', ')} not found`);
  }
  // Rules 4-5: attributes resolve by name; values must fit the definition's type.
  for (const { name, value } of request.userAttributes ?? []) {
    const definition = catalog.attributes.get(name);
    if (!definition) throw new MockHttpError(400, 'User attributes not found');
    if (!valueMatchesType(value, definition.type)) {
      throw new MockHttpError(400, `Value of user attribute ${name} must be of type ${definition.type}`);
    }
  }

  const user = resolveUser(state, account, request);

  // All checks passed: apply.
  if (creatorMode && tenantName !== undefined) account.embedTenants.set(tenantName, catalog);
  else if (tenantName !== undefined && !existing)
    account.embedTenants.set(tenantName, state.newEmbedTenant(tenantName));
  applyUser(account, user, catalog.scope, request);

  const session: SessionRecord = {
    id: state.token('sess'),
    account: fixture.name,
    userKey: user.key,
    deploymentId: chatOnly ? undefined : request.deploymentId,
    creatorMode,
    createdAt: state.now(),
  };
  if (tenantName !== undefined) session.embedTenantName = tenantName;
  state.sessions.set(session.id, session);
  return session;
}

/** The catalog after upserting the request's definitions, as a copy: `base` is untouched. */
function planDefinitions(state: MockState, base: Catalog, request: GenerateSessionRequest): Catalog {
  const groups = new Map(base.groups);
  const attributes = new Map(base.attributes);
  for (const definition of request.userAttributeDefinitions ?? []) {
    const current = attributes.get(definition.name);
    if (current && current.type !== definition.type) {
      throw new MockHttpError(
        409,
        `User attribute ${definition.name}: cannot change type from ${current.type} to ${definition.type}`,
      );
    }
    const next = current ? { ...current } : { id: state.id(), name: definition.name, type: definition.type };
    // Supplied and different: updated. Omitted: kept.
    for (const field of ['displayName', 'defaultValue', 'description'] as const) {
      if (definition[field] !== undefined) next[field] = definition[field];
    }
    attributes.set(definition.name, next);
  }
  for (const definition of request.groupDefinitions ?? []) {
    const current = groups.get(definition.name);
    const next = current ? { ...current } : { id: state.id(), name: definition.name };
    if (definition.description !== undefined) next.description = definition.description;
    groups.set(definition.name, next);
  }
  return { scope: base.scope, groups, attributes };
}

function resolveUser(state: MockState, account: AccountState, request: GenerateSessionRequest): UserRecord {
  if (request.internalId !== undefined) {
    const user = state.user(account, userKey('internal', request.internalId));
    if (!user) throw new MockHttpError(404, `Internal user ${request.internalId} not found`);
    return user;
  }
  const externalId = request.externalId!.trim().toLowerCase();
  const user = state.user(account, userKey('external', externalId));
  if (!user || user.ephemeral) {
    const limit = account.fixture.maxExternalUsers;
    if (state.persistentExternalUsers(account) >= limit) {
      throw new MockHttpError(403, `External user limit of ${limit} reached`);
    }
  }
  return user ?? state.newUser('external', externalId);
}

function applyUser(account: AccountState, user: UserRecord, scope: string, request: GenerateSessionRequest): void {
  account.users.set(user.key, user);
  if (user.kind === 'internal') return; // Rule 1: the internal user's permissions apply as they are.
  user.ephemeral = false;
  delete user.expiresAt;
  // Rule 2: supplied properties overwrite; omitted ones are kept.
  if (request.userProfile?.displayName !== undefined) user.profile.displayName = request.userProfile.displayName;
  if (request.userProfile?.picture !== undefined) user.profile.picture = request.userProfile.picture;
  // Rules 3 and 6: groups omitted keep, [] clears, a list replaces; supplied values overwrite, null clears.
  applyUserSettings(user, scope, request);
}

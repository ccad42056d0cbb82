import type { AttributeType, UserAttributeValue } from '../protocol';
import type { FixtureAccount, MockFixture } from './fixture';
import { MockHttpError } from './http';

/** A group inside a scope: the tenant-wide catalog, or one embed tenant's. */
export interface GroupRecord {
  id: number;
  name: string;
  description?: string;
}

/** An attribute definition inside a scope. */
export interface AttributeRecord {
  id: number;
  name: string;
  type: AttributeType;
  displayName?: string;
  description?: string;
  defaultValue?: string;
}

/** A catalog of groups and attributes: tenant-wide (`scope: 'tenant'`) or an embed tenant's. */
export interface Catalog {
  scope: string;
  groups: Map<string, GroupRecord>;
  attributes: Map<string, AttributeRecord>;
}

/** A provisioned user. */
export interface UserRecord {
  key: string;
  kind: 'external' | 'internal';
  id: string;
  email?: string;
  profile: { displayName?: string; picture?: string };
  /** Memberships per catalog scope. */
  groups: Map<string, string[]>;
  /** Attribute values per catalog scope. */
  attributes: Map<string, Map<string, UserAttributeValue['value']>>;
  securityContext?: Record<string, unknown>;
  /** Chat users are ephemeral by default; they vanish at `expiresAt`. */
  ephemeral: boolean;
  expiresAt?: number;
}

/** A minted embed session. */
export interface SessionRecord {
  id: string;
  account: string;
  userKey: string;
  /** Undefined for a chat-only session (Generate Session without a deployment). */
  deploymentId: number | undefined;
  embedTenantName?: string;
  creatorMode: boolean;
  createdAt: number;
  usedAt?: number;
  revoked?: boolean;
}

/** An embed token: what a session was exchanged for (`Embed-Token` and `Bearer` auth). */
export interface EmbedTokenRecord {
  token: string;
  session: SessionRecord;
  expiresAt: number;
}

/** One account's mutable state. */
export interface AccountState {
  fixture: FixtureAccount;
  users: Map<string, UserRecord>;
  tenant: Catalog;
  embedTenants: Map<string, Catalog>;
}

let idCounter = 0;

/** The mock's in-memory database, seeded from a fixture. */
export class MockState {
  readonly accounts = new Map<string, AccountState>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly embedTokens = new Map<string, EmbedTokenRecord>();
  private nextId = 1;

  constructor(
    readonly fixture: MockFixture,
    readonly now: () => number,
  ) {
    for (const account of fixture.accounts) {
      const tenant: Catalog = { scope: 'tenant', groups: new Map(), attributes: new Map() };
      for (const group of account.groups) tenant.groups.set(group.name, { id: this.id(), ...group });
      for (const attribute of account.userAttributes)
        tenant.attributes.set(attribute.name, { id: this.id(), ...attribute });
      const embedTenants = new Map<string, Catalog>();
      for (const embed of account.embedTenants) {
        const catalog = this.newEmbedTenant(embed.name);
        for (const group of embed.groups) catalog.groups.set(group.name, { id: this.id(), ...group });
        for (const attribute of embed.userAttributes)
          catalog.attributes.set(attribute.name, { id: this.id(), ...attribute });
        embedTenants.set(embed.name, catalog);
      }
      const users = new Map<string, UserRecord>();
      for (const internal of account.internalUsers) {
        const user = this.newUser('internal', internal.username);
        user.email = internal.email;
        if (internal.displayName) user.profile.displayName = internal.displayName;
        user.ephemeral = false;
        users.set(user.key, user);
      }
      this.accounts.set(account.name, { fixture: account, users, tenant, embedTenants });
    }
  }

  /** A new numeric id (groups and attributes). */
  id(): number {
    return this.nextId++;
  }

  /** A new opaque id with a prefix. */
  token(prefix: string): string {
    const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
    return `${prefix}_${(++idCounter).toString(36)}${random}`;
  }

  newEmbedTenant(name: string): Catalog {
    return { scope: `embed:${name}`, groups: new Map(), attributes: new Map() };
  }

  newUser(kind: 'external' | 'internal', id: string): UserRecord {
    return {
      key: userKey(kind, id),
      kind,
      id,
      profile: {},
      groups: new Map(),
      attributes: new Map(),
      ephemeral: kind === 'external',
    };
  }

  account(name: string): AccountState {
    const account = this.accounts.get(name);
    if (!account) throw new MockHttpError(404, `Tenant ${name} not found`);
    return account;
  }

  /** A user, unless it is an ephemeral one past its lifetime (then it is removed). */
  user(account: AccountState, key: string): UserRecord | undefined {
    const user = account.users.get(key);
    if (user?.ephemeral && user.expiresAt !== undefined && user.expiresAt <= this.now()) {
      account.users.delete(key);
      return undefined;
    }
    return user;
  }

  /** Persistent external users of an account (the 10,000 limit counts these). */
  persistentExternalUsers(account: AccountState): number {
    let count = 0;
    for (const user of account.users.values()) if (user.kind === 'external' && !user.ephemeral) count++;
    return count;
  }
}

/** Key of a user in an account's user map. */
export function userKey(kind: 'external' | 'internal', id: string): string {
  return `${kind}:${id}`;
}

/** What both Generate Session and Chat may set on an external user, for one catalog scope. */
export interface UserSettings {
  email?: string;
  groups?: string[];
  userAttributes?: UserAttributeValue[];
  securityContext?: Record<string, unknown>;
}

/**
 * Applies supplied settings and keeps omitted ones: a groups list replaces the memberships
 * (`[]` clears them), attribute values overwrite the supplied names (`null` clears one).
 */
export function applyUserSettings(user: UserRecord, scope: string, settings: UserSettings): void {
  if (settings.email !== undefined) user.email = settings.email;
  if (settings.groups !== undefined) user.groups.set(scope, [...settings.groups]);
  if (settings.userAttributes !== undefined) {
    const values = user.attributes.get(scope) ?? new Map<string, UserAttributeValue['value']>();
    for (const { name, value } of settings.userAttributes) {
      if (value === null) values.delete(name);
      else values.set(name, value);
    }
    user.attributes.set(scope, values);
  }
  if (settings.securityContext !== undefined) user.securityContext = settings.securityContext;
}

import type { Page } from '../protocol';
import { errorResponse, json, MockHttpError } from './http';
import type { AccountState, AttributeRecord, Catalog, GroupRecord } from './state';

const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

const encodeCursor = (id: number) => btoa(`cursor:${id}`);

function decodeCursor(cursor: string): number {
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    throw new MockHttpError(400, 'Invalid cursor in "after"');
  }
  const match = /^cursor:(\d+)$/.exec(text);
  if (!match) throw new MockHttpError(400, 'Invalid cursor in "after"');
  return Number(match[1]);
}

function pageSize(raw: string | null): number {
  if (raw === null) return DEFAULT_PAGE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE) {
    throw new MockHttpError(400, `"first" must be an integer from 1 to ${MAX_PAGE}`);
  }
  return Number(raw);
}

/** One page of `items` (sorted by id), per the cursor parameters `first` and `after`. */
export function paginate<T extends { id: number }>(items: T[], params: URLSearchParams): Page<T> {
  const first = pageSize(params.get('first'));
  const after = params.get('after');
  const sorted = [...items].sort((a, b) => a.id - b.id);
  let start = 0;
  if (after !== null) {
    const id = decodeCursor(after);
    start = sorted.findIndex((item) => item.id > id);
    if (start === -1) start = sorted.length;
  }
  const slice = sorted.slice(start, start + first);
  return {
    items: slice,
    pageInfo: {
      startCursor: slice.length ? encodeCursor(slice[0]!.id) : null,
      endCursor: slice.length ? encodeCursor(slice[slice.length - 1]!.id) : null,
      hasNextPage: start + first < sorted.length,
      hasPreviousPage: start > 0,
    },
  };
}

function groupItem(account: AccountState, catalog: Catalog, group: GroupRecord) {
  let userCount = 0;
  for (const user of account.users.values()) if (user.groups.get(catalog.scope)?.includes(group.name)) userCount++;
  return { ...group, userCount };
}

/** The four embed-tenant admin endpoints: list and delete groups and user attributes. */
export function handleAdmin(account: AccountState, method: string, path: string[], params: URLSearchParams): Response {
  // path: [tenant, 'groups' | 'user-attributes', id?]
  const [tenantName, collection, id, ...rest] = path;
  if (!tenantName || (collection !== 'groups' && collection !== 'user-attributes') || rest.length > 0) {
    throw new MockHttpError(404, 'Not found');
  }
  const catalog = account.embedTenants.get(tenantName);
  if (!catalog) throw new MockHttpError(404, `Embed tenant ${tenantName} not found`);
  const map: Map<string, GroupRecord | AttributeRecord> = collection === 'groups' ? catalog.groups : catalog.attributes;

  if (id === undefined) {
    if (method !== 'GET') return errorResponse(405, 'Method not allowed');
    if (collection === 'groups') {
      return json(
        paginate(
          [...catalog.groups.values()].map((group) => groupItem(account, catalog, group)),
          params,
        ),
      );
    }
    return json(paginate([...catalog.attributes.values()], params));
  }
  if (method !== 'DELETE') return errorResponse(405, 'Method not allowed');
  const target = [...map.values()].find((item) => String(item.id) === id);
  if (!target) throw new MockHttpError(404, `${collection === 'groups' ? 'Group' : 'User attribute'} ${id} not found`);
  map.delete(target.name);
  for (const user of account.users.values()) {
    if (collection === 'groups') {
      const names = user.groups.get(catalog.scope);
      if (names)
        user.groups.set(
          catalog.scope,
          names.filter((name) => name !== target.name),
        );
    } else {
      user.attributes.get(catalog.scope)?.delete(target.name);
    }
  }
  return new Response(null, { status: 204 });
}

import { AttributeTypeSchema } from './session';
import { v, type Infer, type Schema } from './schema';

/** Cursor information of one page of an admin list. */
export const PageInfoSchema = v.object({
  startCursor: v.nullable(v.string()),
  endCursor: v.nullable(v.string()),
  hasNextPage: v.boolean(),
  hasPreviousPage: v.boolean(),
});
/** Where a page sits; fetch the next one with `after = endCursor`. */
export type PageInfo = Infer<typeof PageInfoSchema>;

/** One page of a cursor-paginated admin list. */
export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}

/** Schema of a page of `item`s. */
export function pageSchema<T>(item: Schema<T>): Schema<Page<T>> {
  return v.object({ items: v.array(item), pageInfo: PageInfoSchema });
}

/** Query parameters of the list endpoints. */
export interface PageParams {
  /** Page size, at least 1. */
  first?: number;
  /** Cursor: the previous page's `pageInfo.endCursor`. */
  after?: string;
}

/** A group bootstrapped in an embed tenant. */
export const EmbedTenantGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  userCount: v.optional(v.number()),
});
/** Item of `GET /api/v1/embed-tenants/{name}/groups`. */
export type EmbedTenantGroup = Infer<typeof EmbedTenantGroupSchema>;

/** A user-attribute definition bootstrapped in an embed tenant. */
export const EmbedTenantAttributeSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: AttributeTypeSchema,
  displayName: v.optional(v.nullable(v.string())),
  description: v.optional(v.nullable(v.string())),
  defaultValue: v.optional(v.nullable(v.string())),
});
/** Item of `GET /api/v1/embed-tenants/{name}/user-attributes`. */
export type EmbedTenantAttribute = Infer<typeof EmbedTenantAttributeSchema>;

/** Page of embed-tenant groups. */
export const EmbedTenantGroupPageSchema = pageSchema(EmbedTenantGroupSchema);
/** Page of embed-tenant attribute definitions. */
export const EmbedTenantAttributePageSchema = pageSchema(EmbedTenantAttributeSchema);

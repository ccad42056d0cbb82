import type { OrderDirection, SemanticQuery } from '../../protocol';
import { effectiveOrder } from '../../protocol/semantic/query-key';

/**
 * A page of a query as `QueryTable` asks for it: its order (`order`, else the query's own or
 * the data API's default, written out), `size` rows from `page * size`, and the total. One
 * copy, so what watches a table's first page (a drill's rows) shares its request.
 */
export function tablePageQuery(
  query: SemanticQuery,
  size: number,
  page: number,
  order: [string, OrderDirection][] = effectiveOrder(query),
): SemanticQuery {
  const { order: _own, ...rest } = query;
  return { ...rest, ...(order.length ? { order } : {}), limit: size, offset: page * size, total: true };
}

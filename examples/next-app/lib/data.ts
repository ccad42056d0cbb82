// The server side of the native overview: a data token for the signed-in user (signed here
// with the deployment's API secret: the headless path), the POST /api/data-token route the
// browser's provider calls when it needs one, and the prefetch that puts the overview's KPIs
// and first chart into the server's HTML.
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import {
  chartQuery,
  checkBrowserRequest,
  createDataToken,
  isKnownWidget,
  pinnedAnswerOptions,
  semanticMetaOptions,
  semanticQueryOptions,
  type AnswerWidget,
  type BoardDefinition,
  type MetaResponse,
} from 'react-embedded-analytics/server';
import { currentUser, type User } from './backend';
import { FIRST_CHART_QUERY, KPI_MEASURES, NATIVE_SCOPE } from './native-queries';

/** Read on the first request, not at import: a build runs without them. */
function dataConfig() {
  const apiUrl = process.env.DATA_API_URL;
  const apiSecret = process.env.DATA_API_SECRET;
  if (!apiUrl || !apiSecret) throw new Error('Set DATA_API_URL and DATA_API_SECRET on the server');
  return { apiUrl, apiSecret };
}

/** A data token whose payload is the same identity the session route gives Generate Session. */
async function dataTokenFor(user: User, apiSecret: string) {
  return createDataToken({
    apiSecret,
    user: { externalId: user.id, userAttributes: [{ name: 'region', value: user.regions }] },
  });
}

/** POST /api/data-token → `{ token, expiresAt }` for the signed-in user; same-origin only. */
export async function dataTokenRoute(request: Request): Promise<Response> {
  const refused = checkBrowserRequest(request, { requireJson: false });
  if (refused) return refused;
  let config;
  try {
    config = dataConfig();
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 500 });
  }
  const user = await currentUser(request.headers);
  if (!user) return Response.json({ error: 'sign in first' }, { status: 401 });
  return Response.json(await dataTokenFor(user, config.apiSecret), { headers: { 'Cache-Control': 'no-store' } });
}

/** What the page hands the native overview: where the data API is and the prefetched answers. */
export interface NativeOverviewData {
  apiUrl: string;
  dehydrated: DehydratedState;
}

/**
 * Asks the data API, on the server, for the KPIs and the first chart of the signed-in user
 * (and the meta), under the keys their widgets read. A failure leaves that widget to load in
 * the browser (prefetchQuery never throws); null when the data API is not configured.
 */
export async function prefetchNativeOverview(user: User): Promise<NativeOverviewData | null> {
  let config;
  try {
    config = dataConfig();
  } catch {
    return null;
  }
  const client = new QueryClient();
  const { token } = await dataTokenFor(user, config.apiSecret);
  // The token stays on the server: only the answers go into the page.
  const options = { apiUrl: config.apiUrl, token, scope: NATIVE_SCOPE };
  await Promise.all([
    ...KPI_MEASURES.map((measure) => client.prefetchQuery(semanticQueryOptions({ measures: [measure] }, options))),
    // The chart's query as QueryChart sends it (its row limit), so the cache key is the one it reads.
    client.prefetchQuery(semanticQueryOptions(chartQuery(FIRST_CHART_QUERY), options)),
    client.prefetchQuery(semanticMetaOptions(options)),
  ]);
  return { apiUrl: config.apiUrl, dehydrated: dehydrate(client) };
}

/**
 * The same for a board (app/board/page.tsx): the data model, its KPIs and charts, and its pinned
 * answers, asked on the server under the keys the board's widgets read (a chart's query with its
 * row limit; a pinned answer drawn from the data model as that chart, else its SQL), so they are
 * in the HTML and the browser renders what the server did.
 */
export async function prefetchBoard(user: User, definition: BoardDefinition): Promise<NativeOverviewData | null> {
  let config;
  try {
    config = dataConfig();
  } catch {
    return null;
  }
  const client = new QueryClient();
  const { token } = await dataTokenFor(user, config.apiSecret);
  const options = { apiUrl: config.apiUrl, token, scope: NATIVE_SCOPE };
  // A plain KPI asks `{ measures: [measure] }` and a chart its query with the row limit; board
  // filters, date ranges and comparisons change the query: those widgets load in the browser.
  const plain = !definition.filters;
  // The data model: widgets' names, and which way a pinned answer is drawn (so always: the
  // browser must not learn it between the server's render and its own).
  const metaOptions = semanticMetaOptions(options);
  const meta = client.prefetchQuery(metaOptions).then(() => client.getQueryData<MetaResponse>(metaOptions.queryKey));
  await Promise.all([
    meta,
    ...definition.widgets
      .filter(isKnownWidget)
      .flatMap((widget) =>
        plain && widget.kind === 'kpi' && !widget.timeDimension && !widget.dateRange && !widget.filters
          ? [client.prefetchQuery(semanticQueryOptions({ measures: [widget.measure] }, options))]
          : plain && widget.kind === 'chart'
            ? [client.prefetchQuery(semanticQueryOptions(chartQuery(widget.query), options))]
            : [],
      ),
    ...definition.widgets
      .filter((widget): widget is AnswerWidget => plain && widget.kind === 'answer')
      .map(async (widget) => {
        const model = await meta;
        const answer = model && pinnedAnswerOptions(widget, model, options);
        if (answer) await client.prefetchQuery(answer);
      }),
  ]);
  return { apiUrl: config.apiUrl, dehydrated: dehydrate(client) };
}

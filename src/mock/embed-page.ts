import { runQuery, viewerOf, visibleRows } from './dataset';
import type { FixtureDashboard } from './fixture';
import type { MockState, SessionRecord } from './state';

/** How long a minted session may wait before its exchange (the real service: 5 minutes). */
export const SESSION_EXCHANGE_WINDOW_MS = 5 * 60 * 1000;

/** What an embed URL asks for. */
export type EmbedSurface =
  | { surface: 'dashboard'; publicId: string; deploymentId?: number }
  | { surface: 'chat'; deploymentId?: number }
  | { surface: 'app'; deploymentId?: number };

/** Parses the embed URL shapes of the real service; undefined when the path is not one. */
export function parseEmbedPath(segments: string[]): EmbedSurface | undefined {
  const [first, second, third, fourth, fifth] = segments;
  if (first !== 'embed') return undefined;
  if (second === 'dashboard' && third && segments.length === 3) return { surface: 'dashboard', publicId: third };
  if (second === 'chat' && segments.length === 2) return { surface: 'chat' };
  if (second === 'd' && third && /^\d+$/.test(third)) {
    const deploymentId = Number(third);
    if (fourth === 'dashboard' && fifth && segments.length === 5)
      return { surface: 'dashboard', publicId: fifth, deploymentId };
    if (fourth === 'chat' && segments.length === 4) return { surface: 'chat', deploymentId };
    if (fourth === 'app' && segments.length === 4) return { surface: 'app', deploymentId };
  }
  return undefined;
}

/** Exchanges a session id once: unknown, revoked, used or expired sessions give a reason. */
export function exchangeSession(state: MockState, sessionId: string | null): SessionRecord | string {
  if (!sessionId) return 'No session in the embed URL';
  const session = state.sessions.get(sessionId);
  if (!session || session.revoked) return 'Invalid session';
  if (session.usedAt !== undefined) return 'This session was already used; sessions are single-use';
  if (state.now() - session.createdAt > SESSION_EXCHANGE_WINDOW_MS) return 'This session expired before it was used';
  session.usedAt = state.now();
  return session;
}

/** Serialises data for an inline `<script type="application/json">`, safe from `</script>`. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Parses `f_<view>.<dimension>=<JSON>` URL filters into column → allowed values. */
export function urlFilters(params: URLSearchParams): Record<string, string[]> {
  // No prototype: a filter on a column named `__proto__` is a key, not the object's prototype.
  const filters: Record<string, string[]> = Object.create(null);
  for (const [key, raw] of params) {
    const match = /^f_[\w-]+\.(\w+)$/.exec(key);
    if (!match) continue;
    try {
      const value = JSON.parse(raw) as unknown;
      const list = Array.isArray(value) ? value : ((value as { values?: unknown })?.values ?? [value]);
      if (Array.isArray(list)) filters[match[1]!] = list.map(String);
    } catch {
      // A filter that is not JSON is ignored, as a bad URL parameter would be.
    }
  }
  return filters;
}

interface PageModel {
  surface: EmbedSurface['surface'];
  title: string;
  user: string;
  embedTenant: string | null;
  deploymentId: number | null;
  publicId: string | null;
  mode: 'read-only' | 'creator';
  error: string | null;
  columns: string[];
  rows: (string | number)[][];
  widgets: { id: string; title: string; table: string; dimension: string; measure: string }[];
  filters: Record<string, string[]>;
  locale: string | null;
  hideTitle: boolean;
}

/** Builds the page for a valid session. */
export function embedPageModel(
  state: MockState,
  session: SessionRecord,
  target: EmbedSurface,
  params: URLSearchParams,
): PageModel | string {
  const account = state.accounts.get(session.account)!;
  if (target.deploymentId !== undefined && target.deploymentId !== session.deploymentId) {
    return 'This session is for another deployment';
  }
  const deployment = account.fixture.deployments.find((d) => d.id === session.deploymentId);
  if (!deployment) return 'This session is for the chat only: it has no deployment';
  const user = account.users.get(session.userKey);
  const viewer = viewerOf(user);
  let dashboard: FixtureDashboard | undefined;
  if (target.surface === 'dashboard') {
    dashboard = deployment.dashboards.find((d) => d.publicId === target.publicId);
    if (!dashboard) return `Dashboard ${target.publicId} not found`;
  }
  const table = state.fixture.dataset.tables[0]!;
  const widgets = (dashboard?.widgets ?? []).map(({ title, table, dimension, measure }) => ({
    // The real service's widget ids are opaque; the mock's read like the widget ("revenue-by-region").
    id: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    table,
    dimension,
    measure,
  }));
  // Check the widget queries server-side too: a broken fixture shows as an error page.
  for (const widget of dashboard?.widgets ?? []) {
    runQuery(state.fixture, { ...widget, aggregate: 'SUM', orderBy: 'measure', direction: 'DESC' }, viewer);
  }
  return {
    surface: target.surface,
    title: dashboard?.title ?? (target.surface === 'chat' ? 'Analytics chat' : deployment.name),
    user: user?.profile.displayName ?? user?.email ?? user?.id ?? 'unknown',
    embedTenant: session.embedTenantName ?? null,
    deploymentId: session.deploymentId ?? null,
    publicId: dashboard?.publicId ?? null,
    mode: session.creatorMode ? 'creator' : 'read-only',
    error: null,
    columns: table.columns.map((c) => c.name),
    rows: dashboard ? visibleRows(state.fixture, table.name, viewer) : [],
    widgets,
    filters: urlFilters(params),
    locale: params.get('locale'),
    hideTitle: params.get('showDashboardTitle') === 'false',
  };
}

/** The error page model: it shows the message and posts a fatal error event. */
export function errorPageModel(message: string, target: EmbedSurface | undefined): PageModel {
  return {
    surface: target?.surface ?? 'dashboard',
    title: 'Cannot open this content',
    user: '',
    embedTenant: null,
    deploymentId: target?.deploymentId ?? null,
    publicId: target?.surface === 'dashboard' ? target.publicId : null,
    mode: 'read-only',
    error: message,
    columns: [],
    rows: [],
    widgets: [],
    filters: {},
    locale: null,
    hideTitle: false,
  };
}

/** The HTML document of an embed page, with a strict Content-Security-Policy. */
export function embedPageResponse(model: PageModel, status: number): Response {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embedded analytics (mock)</title>
<style>
  :root { --font: system-ui, sans-serif; --primary: #4f46e5; --bg: #ffffff; --text: #0f172a; --muted: #475569; --border: #e2e8f0; }
  :root[data-scheme="dark"] { --bg: #0f172a; --text: #f1f5f9; --muted: #cbd5e1; --border: #334155; }
  html, body { margin: 0; background: var(--bg); color: var(--text); font: 14px/1.45 var(--font); }
  main { padding: 16px; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .user { color: var(--muted); margin: 0 0 16px; }
  .widgets { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
  section { border: 1px solid var(--border); border-radius: 8px; padding: 12px; }
  h2 { font-size: 14px; margin: 0 0 8px; }
  .bar { display: grid; grid-template-columns: 110px 1fr 90px; gap: 8px; align-items: center; margin: 2px 0; width: 100%; padding: 2px 4px; font: inherit; color: inherit; text-align: left; background: none; border: 0; border-radius: 4px; cursor: pointer; }
  .bar:hover { background: var(--border); }
  .bar:focus-visible { outline: 2px solid var(--primary); outline-offset: 1px; }
  .filters { margin: 0 0 12px; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; color: var(--muted); }
  .filter { color: var(--text); background: var(--border); border-radius: 999px; padding: 2px 10px; }
  .bar span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .bar > span { display: block; min-width: 0; }
  .bar i { display: block; height: 12px; background: var(--primary); border-radius: 2px; }
  .bar span:last-child { text-align: right; font-variant-numeric: tabular-nums; }
  .error { color: #b42318; }
</style>
</head>
<body>
<main id="root"></main>
<script type="application/json" id="model">${inlineJson(model)}</script>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src http: https: data:`,
    },
  });
}

/**
 * The page's script: renders the model with textContent only, and speaks the real
 * service's postMessage protocol (`cube-embed` envelope) with its parent window.
 */
const PAGE_SCRIPT = `(() => {
  const model = JSON.parse(document.getElementById('model').textContent);
  const root = document.getElementById('root');
  const started = performance.now();
  let parentOrigin = '*';
  try { if (document.referrer) parentOrigin = new URL(document.referrer).origin; } catch (e) {}
  let path = location.pathname;
  const filters = Object.assign(Object.create(null), model.filters);

  function post(type, payload) {
    if (window.parent === window) return;
    window.parent.postMessage({ source: 'cube-embed', direction: 'event', type: 'cube:event:' + type, payload: payload, timestamp: Date.now(), surface: model.surface }, parentOrigin);
  }
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function format(n) {
    return Number(n).toLocaleString(model.locale || 'en-US', { maximumFractionDigits: 0 });
  }
  function aggregate(widget) {
    const d = model.columns.indexOf(widget.dimension);
    const m = model.columns.indexOf(widget.measure);
    const sums = new Map();
    for (const row of model.rows) {
      let keep = true;
      for (const column in filters) {
        const i = model.columns.indexOf(column);
        if (i >= 0 && filters[column].length && filters[column].indexOf(String(row[i])) === -1) keep = false;
      }
      if (!keep) continue;
      sums.set(row[d], (sums.get(row[d]) || 0) + Number(row[m]));
    }
    const out = Array.from(sums.entries());
    if (widget.dimension === 'month') out.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    else out.sort((a, b) => b[1] - a[1]);
    return out;
  }
  function render() {
    root.replaceChildren();
    if (model.error) {
      root.append(el('h1', model.title), el('p', model.error, 'error'));
      return;
    }
    if (!model.hideTitle) root.append(el('h1', model.title));
    root.append(el('p', 'Signed in as ' + model.user + (model.mode === 'creator' ? ' (creator mode)' : ''), 'user'));
    // The filters in force, where the reader sees them (set by the URL or a set-filter action).
    const active = Object.keys(filters).filter((column) => filters[column].length);
    if (active.length && model.surface === 'dashboard') {
      const line = el('p', 'Filtered by', 'filters');
      line.setAttribute('data-filters', '');
      for (const column of active) {
        const values = filters[column];
        const chip = el('span', column + ': ' + (values.length > 3 ? values.length + ' values' : values.join(', ')), 'filter');
        chip.setAttribute('data-filter', column);
        line.append(chip);
      }
      root.append(line);
    }
    if (model.surface === 'chat') root.append(el('p', 'The embedded chat surface of the mock service.'));
    if (model.surface === 'app') root.append(el('p', 'The creator-mode app surface of the mock service.'));
    const grid = el('div', undefined, 'widgets');
    for (const widget of model.widgets) {
      const section = el('section');
      section.setAttribute('data-widget', widget.title);
      section.append(el('h2', widget.title));
      const rows = aggregate(widget);
      const max = Math.max(1, ...rows.map((r) => r[1]));
      for (const [key, value] of rows.slice(0, 12)) {
        // A bar is a button: a click (or Enter) drills down, as the real service's widgets do.
        const bar = el('button', undefined, 'bar');
        bar.type = 'button';
        bar.setAttribute('data-value', String(key));
        const fill = el('i');
        fill.style.width = Math.max(1, (value / max) * 100) + '%';
        const track = el('span');
        track.append(fill);
        bar.append(el('span', String(key)), track, el('span', format(value)));
        bar.addEventListener('click', () => post('drilldown', { member: widget.table + '.' + widget.dimension, value: key, widgetId: widget.id }));
        section.append(bar);
      }
      if (rows.length === 0) section.append(el('p', 'No data visible to you.'));
      grid.append(section);
    }
    root.append(grid);
  }
  function applyTheme(theme) {
    if (!theme || typeof theme !== 'object') return;
    const style = document.documentElement.style;
    if (typeof theme.font === 'string') style.setProperty('--font', theme.font);
    if (typeof theme.primaryColor === 'string') style.setProperty('--primary', theme.primaryColor);
    const chat = theme.analyticsChat;
    if (chat && typeof chat.backgroundColor === 'string') style.setProperty('--bg', chat.backgroundColor);
  }
  function applyScheme(scheme) {
    const dark = scheme === 'dark' || (scheme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-scheme', dark ? 'dark' : 'light');
  }
  function loaded() {
    post('dashboard-loaded', { publicId: model.publicId, widgetCount: model.widgets.length, loadDurationMs: Math.round(performance.now() - started) });
  }
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    if (parentOrigin !== '*' && event.origin !== parentOrigin) return;
    const data = event.data;
    if (!data || data.source !== 'cube-embed' || data.direction !== 'action' || typeof data.type !== 'string') return;
    const payload = data.payload || {};
    switch (data.type) {
      case 'cube:action:set-theme': applyTheme(payload); break;
      case 'cube:action:set-color-scheme': applyScheme(payload.scheme); break;
      case 'cube:action:set-locale': model.locale = typeof payload.locale === 'string' ? payload.locale : null; render(); break;
      case 'cube:action:set-filter': {
        const params = new URLSearchParams(String(payload.filterUrlParameter || ''));
        for (const [key, raw] of params) {
          const match = /^f_[\\w-]+\\.(\\w+)$/.exec(key);
          if (!match) continue;
          try { const v = JSON.parse(raw); filters[match[1]] = (Array.isArray(v) ? v : [v]).map(String); } catch (e) {}
        }
        render(); loaded(); break;
      }
      case 'cube:action:refresh': render(); loaded(); break;
      case 'cube:action:navigate': {
        if (typeof payload.path !== 'string') break;
        const previousPath = path; path = payload.path;
        post('navigate', { path: path, previousPath: previousPath });
        break;
      }
    }
  });
  let lastHeight = -1;
  function reportHeight() {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height !== lastHeight) { lastHeight = height; post('resize', { height: height }); }
  }
  render();
  if (model.error) {
    post('error', { message: model.error, name: 'SessionError', fatal: true });
  } else {
    post('ready', { embedTenant: model.embedTenant, deploymentId: model.deploymentId, mode: model.mode, surface: model.surface, publicId: model.publicId });
    post('view', { surface: model.surface, path: path, publicId: model.publicId, title: model.title });
    loaded();
  }
  new ResizeObserver(reportHeight).observe(root);
  reportHeight();
})();`;

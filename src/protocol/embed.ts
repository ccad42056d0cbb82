import type { EmbedTheme } from './embed-theme';
import { isDeploymentId } from './urls';

/** What an iframe shows: a dashboard, the embedded chat, or the creator-mode app. */
export type EmbedTarget =
  | { surface: 'dashboard'; publicId: string; deploymentId?: number }
  | { surface: 'chat'; deploymentId?: number }
  | { surface: 'app'; deploymentId?: number };

/** URL parameters fixed for the life of an embed (real service: filters, granularity, switches). */
export interface EmbedUrlOptions {
  /** Initial filters: `{ 'orders.region': ['Europe'] }` → `f_orders.region=["Europe"]`. */
  filters?: Record<string, unknown>;
  /** Time granularity per time dimension: `{ 'orders.month': 'week' }` → `tg_orders.month=week`. */
  timeGranularity?: Record<string, string>;
  /** Member selection: `{ 'orders.measure': 'orders.revenue' }` → `ms_orders.measure=orders.revenue`. */
  memberSelection?: Record<string, string>;
  allowExport?: boolean;
  locale?: string;
  /** Header switches; only `false` is sent (the service hides a part only for the literal `false`). */
  showDashboardHeader?: boolean;
  showDashboardTitle?: boolean;
  showDashboardFilters?: boolean;
  /** Any other parameter, as is; never one set above (`session`, `f_…`, `locale`…): those are ignored. */
  extraParams?: Record<string, string>;
}

/** Builds the URL an iframe loads; replace it to match another URL scheme. */
export type EmbedUrlBuilder = (
  baseUrl: string,
  target: EmbedTarget,
  sessionId: string,
  options: EmbedUrlOptions,
) => string;

/**
 * The real service's embed URLs: `/embed/d/{deploymentId}/dashboard/{publicId}`, or
 * `/embed/dashboard/{publicId}` without a deployment; `/embed/d/{deploymentId}/chat` (or
 * `/embed/chat`); `/embed/d/{deploymentId}/app`. The session goes in `session`, and no
 * extra parameter replaces it. Throws a TypeError for a deploymentId that is not a positive
 * integer (a string such as `'1/../x'` would reach the path).
 */
export const buildEmbedUrl: EmbedUrlBuilder = (baseUrl, target, sessionId, options) => {
  const base = baseUrl.replace(/\/+$/, '');
  const id = target.deploymentId;
  if (id !== undefined && !isDeploymentId(id)) throw new TypeError(`deploymentId must be a positive integer`);
  const deployment = id === undefined ? '' : `/d/${id}`;
  let path: string;
  if (target.surface === 'dashboard') path = `/embed${deployment}/dashboard/${encodeURIComponent(target.publicId)}`;
  else if (target.surface === 'chat') path = `/embed${deployment}/chat`;
  else {
    if (target.deploymentId === undefined) throw new TypeError('The creator-mode app needs a deploymentId');
    path = `/embed${deployment}/app`;
  }
  const params = new URLSearchParams({ session: sessionId });
  for (const [member, value] of Object.entries(options.filters ?? {})) params.set(`f_${member}`, JSON.stringify(value));
  for (const [member, value] of Object.entries(options.timeGranularity ?? {})) params.set(`tg_${member}`, value);
  for (const [member, value] of Object.entries(options.memberSelection ?? {})) params.set(`ms_${member}`, value);
  if (options.allowExport) params.set('allowExport', 'true');
  if (options.locale) params.set('locale', options.locale);
  for (const key of ['showDashboardHeader', 'showDashboardTitle', 'showDashboardFilters'] as const) {
    if (options[key] === false) params.set(key, 'false');
  }
  for (const [key, value] of Object.entries(options.extraParams ?? {})) if (!params.has(key)) params.set(key, value);
  return `${base}${path}?${params.toString()}`;
};

/** The filter URL parameter a `set-filter` action carries: `f_<member>=<JSON>` pairs. */
export function filterUrlParameter(filters: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [member, value] of Object.entries(filters)) params.set(`f_${member}`, JSON.stringify(value));
  return params.toString();
}

/** `source` of every message of the embed protocol. */
export const EMBED_MESSAGE_SOURCE = 'cube-embed';

/** The actions a host posts to an embed, with their payloads. */
export interface EmbedActionPayloads {
  'cube:action:set-color-scheme': { scheme: 'light' | 'dark' | 'auto' };
  'cube:action:set-theme': EmbedTheme;
  'cube:action:set-locale': { locale: string };
  'cube:action:set-filter': { filterUrlParameter: string };
  'cube:action:navigate': { path: string };
  'cube:action:refresh': Record<string, never>;
}

/** Action types a host may post. */
export type EmbedActionType = keyof EmbedActionPayloads;

/** The envelope of an action. */
export function embedAction<T extends EmbedActionType>(type: T, payload: EmbedActionPayloads[T], surface?: string) {
  return {
    source: EMBED_MESSAGE_SOURCE,
    direction: 'action' as const,
    type,
    payload,
    timestamp: Date.now(),
    ...(surface ? { surface } : {}),
  };
}

/** Name of the data source a chart's rows are fed into. */
export const CHART_DATA_NAME = 'table';

/** A Vega-Lite spec made safe to render, or why it cannot be. */
export type PreparedSpec =
  { ok: true; spec: Record<string, unknown>; removed: string[] } | { ok: false; reason: string };

const MAX_DEPTH = 48;
const MAX_NODES = 20_000;
const VIEW_KEYS = ['layer', 'hconcat', 'vconcat', 'concat', 'spec'];

/**
 * Makes an untrusted Vega-Lite spec (the agent's `vegaSpec`) safe and ready for our rows.
 * Removes every way it could load or link anything: `usermeta` (vega-embed would merge its
 * `embedOptions` over ours), `data.url`/`values` and `datasets` (the rows come from the
 * result), lookups from other data, `href` and `url` channels, image marks; drops `config`
 * and `background` so the host's theme decides colours and fonts. Refuses full Vega specs,
 * non-objects and pathological sizes. Never throws.
 */
export function prepareChartSpec(raw: unknown): PreparedSpec {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, reason: 'The chart spec is not an object' };
  const schema = (raw as { $schema?: unknown }).$schema;
  if (typeof schema === 'string' && /\/vega\/v\d/.test(schema)) {
    return { ok: false, reason: 'Only Vega-Lite specs are rendered, not full Vega specs' };
  }
  if (!VIEW_KEYS.some((key) => key in raw) && !('mark' in raw) && !('facet' in raw) && !('repeat' in raw)) {
    return { ok: false, reason: 'The chart spec has no mark' };
  }
  const removed = new Set<string>();
  let nodes = 0;
  let refusal: string | undefined;

  const clean = (value: unknown, depth: number, top: boolean): unknown => {
    if (refusal) return undefined;
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) {
      refusal = 'The chart spec is too large';
      return undefined;
    }
    if (Array.isArray(value))
      return value.map((item) => clean(item, depth + 1, false)).filter((item) => item !== undefined);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
      if (key === 'usermeta' || key === 'datasets' || key === 'href' || key === 'url' || key === 'config') {
        removed.add(key);
        continue;
      }
      if (key === 'background' && top) {
        removed.add(key);
        continue;
      }
      if (key === 'data') {
        // Nested views inherit the top-level data; the top level gets the named source.
        if (!top) removed.add('data');
        continue;
      }
      if (
        key === 'mark' &&
        (child === 'image' ||
          (typeof child === 'object' && child !== null && (child as { type?: unknown }).type === 'image'))
      ) {
        refusal = 'Image marks are not rendered';
        return undefined;
      }
      if (key === 'transform' && Array.isArray(child)) {
        const kept = child.filter((step) => {
          const lookup = typeof step === 'object' && step !== null && 'lookup' in step;
          if (lookup) removed.add('lookup');
          return !lookup;
        });
        out[key] = clean(kept, depth + 1, false);
        continue;
      }
      out[key] = clean(child, depth + 1, false);
    }
    return out;
  };

  const spec = clean(raw, 0, true) as Record<string, unknown> | undefined;
  if (refusal || !spec) return { ok: false, reason: refusal ?? 'The chart spec could not be read' };
  spec.data = { name: CHART_DATA_NAME };
  const composite = VIEW_KEYS.some((key) => key in spec && key !== 'layer') || 'facet' in spec || 'repeat' in spec;
  if (!composite) {
    spec.width = 'container';
    spec.height ??= 260;
    spec.autosize = { type: 'fit-x', contains: 'padding' };
  }
  return { ok: true, spec, removed: [...removed] };
}

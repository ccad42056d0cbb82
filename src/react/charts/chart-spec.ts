import { withTitles } from './encoding';
import type { ColumnFormat, FormatStyle } from './formats';
import { FORMAT_FUNCTION, type FormatRef } from './vega-formats';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const AXIS_CHANNELS = ['x', 'y'] as const;
const LEGEND_CHANNELS = ['color', 'fill', 'stroke', 'size', 'opacity', 'shape'] as const;
const TOOLTIP_SOURCES = ['x', 'y', 'x2', 'y2', 'theta', 'color', 'fill', 'size', 'text'] as const;

/**
 * Applies the result's column formats to a prepared spec (a copy; the input is unchanged):
 * compact formats on axes and legends, full ones on text marks and tooltips. Without a
 * tooltip encoding, one is built from the encoded fields (encoded on hover only, so cheap
 * at any mark count: see `tooltipsOnHover`). Formats go through
 * {@link FORMAT_FUNCTION}, so Vega-Lite needs `config.customFormatTypes: true`. Fields
 * without a title get their column's (`withTitles`), on axes, legends and tooltips alike.
 */
export function applyFormats(spec: Json, formats: Record<string, ColumnFormat>, chart: string): Json {
  const ref = (column: string, style: FormatStyle): FormatRef => ({ chart, column, style });
  const formatted = (def: Json, style: FormatStyle): Json => {
    const field = def.field;
    if (typeof field !== 'string' || !formats[field] || def.format !== undefined) return def;
    if (def.aggregate === 'count' || def.bin || def.type === 'temporal' || def.timeUnit) return def;
    if (formats[field].kind === 'text') return def;
    return { ...def, format: ref(field, style), formatType: FORMAT_FUNCTION };
  };
  const guide = (def: Json, key: 'axis' | 'legend'): Json => {
    const field = def.field;
    if (typeof field !== 'string' || !formats[field] || def.aggregate === 'count' || def.bin) return def;
    // Temporal scales keep Vega-Lite's own time formats: a custom format type there breaks the scale.
    if (formats[field].kind === 'text' || def.type === 'temporal' || def.timeUnit) return def;
    const current = def[key];
    if (current === null || (isObject(current) && current.format !== undefined)) return def;
    return {
      ...def,
      [key]: { ...(isObject(current) ? current : {}), format: ref(field, 'axis'), formatType: FORMAT_FUNCTION },
    };
  };
  const encode = (encoding: Json): Json => {
    const out: Json = { ...encoding };
    for (const channel of AXIS_CHANNELS) if (isObject(out[channel])) out[channel] = guide(out[channel], 'axis');
    for (const channel of LEGEND_CHANNELS) if (isObject(out[channel])) out[channel] = guide(out[channel], 'legend');
    if (isObject(out.text)) out.text = formatted(out.text, 'full');
    if (Array.isArray(out.tooltip)) {
      out.tooltip = out.tooltip.map((def: unknown) => (isObject(def) ? formatted(def, 'full') : def));
    } else if (isObject(out.tooltip)) {
      out.tooltip = formatted(out.tooltip, 'full');
    } else if (out.tooltip === undefined) {
      const defs: Json[] = [];
      const seen = new Set<string>();
      for (const channel of TOOLTIP_SOURCES) {
        const def = encoding[channel];
        if (!isObject(def) || (typeof def.field !== 'string' && def.aggregate !== 'count')) continue;
        const key = `${String(def.field)}|${String(def.aggregate)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const { field, type, aggregate, timeUnit, bin, title } = def;
        const copy: Json = { field, type, aggregate, timeUnit, bin, title };
        for (const k of Object.keys(copy)) if (copy[k] === undefined) delete copy[k];
        defs.push(formatted(copy, 'full'));
      }
      if (defs.length > 0) out.tooltip = defs;
    }
    return out;
  };
  const visit = (view: Json): Json => {
    const out: Json = { ...view };
    if (isObject(out.encoding)) out.encoding = encode(out.encoding);
    if (Array.isArray(out.layer))
      out.layer = out.layer.map((layer: unknown) => (isObject(layer) ? visit(layer) : layer));
    return out;
  };
  return visit(withTitles(spec));
}

/**
 * Moves every mark's `tooltip` from the compiled Vega spec's `update` encoding to its `hover`
 * encoding (vega-embed's `patch`, with `hover: true`). Vega then builds a tooltip only for
 * the mark under the pointer instead of for every mark up front: at 1,000 points that was a
 * third of the first render (an expression and two number formats per mark). Mutates and
 * returns the freshly compiled spec.
 */
export function tooltipsOnHover<T extends object>(vegaSpec: T): T {
  const visit = (node: unknown): void => {
    if (!isObject(node)) return;
    const encode = node.encode;
    if (isObject(encode) && isObject(encode.update) && 'tooltip' in encode.update) {
      const { tooltip, ...update } = encode.update;
      encode.update = update;
      encode.hover = { ...(isObject(encode.hover) ? encode.hover : {}), tooltip };
    }
    if (Array.isArray(node.marks)) node.marks.forEach(visit);
  };
  visit(vegaSpec);
  return vegaSpec;
}

/** A title split into lines that fit `width` pixels (about 8.5 px a bold character at 14 px), so it is never clipped. */
export function wrapTitle(title: unknown, width: number): unknown {
  if (typeof title !== 'string' || width <= 0) return title;
  const max = Math.max(12, Math.floor((width - 24) / 8.5));
  if (title.length <= max) return title;
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Horizontal bars in a narrow container: category labels get at most a third of the width. */
export function fitLabels(spec: Json, width: number): Json {
  const encoding = isObject(spec.encoding) ? spec.encoding : undefined;
  const y = encoding?.y;
  if (!isObject(y) || !isObject(y.axis) || typeof y.axis.labelLimit !== 'number' || width <= 0) return spec;
  const labelLimit = Math.min(y.axis.labelLimit, Math.max(48, Math.round(width / 3)));
  return { ...spec, encoding: { ...encoding, y: { ...y, axis: { ...y.axis, labelLimit } } } };
}

/** A spec fitted to `width` pixels: its title wrapped ({@link wrapTitle}), its bar labels limited ({@link fitLabels}). */
export function fitToWidth(spec: Json, width: number): Json {
  return { ...fitLabels(spec, width), title: wrapTitle(spec.title, width) };
}

import { CHART_DATA_NAME, SPEC_HEIGHT, type ChartSpecLimits, type ChartSpecPolicy, type PreparedSpec } from './policy';
import { encoding, timeUnit, transform } from './encoding';
import { DEFAULT_EXPRESSION_FUNCTIONS, expression } from './expression';
import {
  bool,
  color,
  either,
  field,
  fields,
  int,
  isRecord,
  lazy,
  list,
  nullable,
  num,
  oneOf,
  refuse,
  shape,
  SpecRefusal,
  text,
  type Rule,
  type Walk,
} from './rules';
import { header, mark, title } from './style';

/** The caps of agent chart specs unless a policy changes them (see {@link ChartSpecLimits}). */
export const DEFAULT_CHART_SPEC_LIMITS: ChartSpecLimits = {
  maxSize: 2000,
  maxViews: 24,
  maxFacets: 12,
  maxTransforms: 20,
  maxExpressionLength: 1000,
  maxBins: 200,
  maxSteps: 200,
  maxArray: 200,
};

/** Top-level keys the chart replaces with its own (data, config, size): dropped, not refused. */
const REPLACED = ['$schema', 'data', 'datasets', 'config', 'background', 'usermeta', 'autosize', 'padding'];
/** Nested views get the top-level data. */
const NESTED_REPLACED = ['data'];
const VIEW_KEYS = ['layer', 'hconcat', 'vconcat', 'concat', 'facet', 'repeat'];

interface ViewWalk extends Walk {
  /** How many times the view being checked is drawn (inside repeats and facets). */
  copies: number;
  views: number;
  area: number;
}

const size: Rule = (value, path, walk) =>
  either(
    oneOf('container'),
    num(1, walk.limits.maxSize),
    shape({ step: num(1, 50), for: oneOf('position', 'offset') }),
  )(value, path, walk);

const identifier: Rule = (value, path) =>
  typeof value === 'string' && /^[A-Za-z_]\w{0,59}$/.test(value) ? value : refuse(path, 'must be a name');

/**
 * Params, when the policy allows them: point and interval selections, and inputs bound
 * inside the chart's own container. `bind.element` (a CSS selector anywhere in the page:
 * `body`, the composer) is always removed; free-text inputs (a phishing form) are refused.
 */
const param: Rule = (value, path, walk) => {
  const bindInput = shape(
    {
      input: oneOf('range', 'checkbox', 'radio', 'select'),
      min: num(-1e15, 1e15),
      max: num(-1e15, 1e15),
      step: num(0, 1e15),
      options: list(either(num(-1e15, 1e15), text(100), bool, oneOf(null)), 50),
      labels: list(text(100), 50),
      name: text(100),
      debounce: int(0, 10_000),
    },
    ['element'],
  );
  return shape({
    name: identifier,
    value: either(num(-1e15, 1e15), text(200), bool, oneOf(null), list(either(num(-1e15, 1e15), text(200)), 50)),
    expr: expression,
    select: either(
      oneOf('point', 'interval'),
      shape({
        type: oneOf('point', 'interval'),
        encodings: list(oneOf('x', 'y', 'color', 'fill', 'stroke', 'shape', 'size', 'opacity'), 4),
        fields: list(field, 4),
        nearest: bool,
        toggle: bool,
        clear: oneOf(false),
        resolve: oneOf('global', 'union', 'intersect'),
      }),
    ),
    bind: either(oneOf('scales', 'legend'), (v, p, w) => {
      w.inputs = true;
      return bindInput(v, p, w);
    }),
    views: list(text(60), 10),
  })(value, path, walk);
};

const params: Rule = (value, path, walk) =>
  walk.params
    ? list(param, 10)(value, path, walk)
    : refuse(path, 'is not allowed in agent charts (selections and input bindings)');

/** The names of the params of every view: expressions anywhere in the spec may use them. */
function paramNames(spec: unknown, into: Set<string>, depth = 0): Set<string> {
  if (!isRecord(spec) || depth > 8) return into;
  if (Array.isArray(spec.params)) {
    for (const p of spec.params.slice(0, 10)) if (isRecord(p) && typeof p.name === 'string') into.add(p.name);
  }
  for (const key of ['layer', 'hconcat', 'vconcat', 'concat']) {
    const views = spec[key];
    if (Array.isArray(views)) for (const v of views.slice(0, 100)) paramNames(v, into, depth + 1);
  }
  return paramNames(spec.spec, into, depth + 1);
}

const resolve = shape(
  Object.fromEntries(
    ['scale', 'axis', 'legend'].map((kind) => [
      kind,
      shape(
        Object.fromEntries(
          [
            'x',
            'y',
            'color',
            'fill',
            'stroke',
            'opacity',
            'size',
            'shape',
            'theta',
            'radius',
            'xOffset',
            'yOffset',
          ].map((channel) => [channel, oneOf('shared', 'independent')]),
        ),
      ),
    ]),
  ),
);

const viewBackground = shape({
  fill: nullable(color),
  stroke: nullable(color),
  fillOpacity: num(0, 1),
  strokeOpacity: num(0, 1),
  opacity: num(0, 1),
  strokeWidth: num(0, 50),
  strokeDash: list(num(0, 100), 8),
  cornerRadius: num(0, 100),
});

const shared = {
  title,
  name: text(100),
  description: text(),
  transform: (value: unknown, path: string, walk: Walk) =>
    list(transform, walk.limits.maxTransforms)(value, path, walk),
  resolve,
  params,
};
const composite = {
  ...shared,
  columns: int(0, 50),
  spacing: either(num(0, 200), shape({ row: num(0, 200), column: num(0, 200) })),
  align: either(
    oneOf('all', 'each', 'none'),
    shape({ row: oneOf('all', 'each', 'none'), column: oneOf('all', 'each', 'none') }),
  ),
  bounds: oneOf('full', 'flush'),
  center: either(bool, shape({ row: bool, column: bool })),
};

/** Counts a drawn view (times its copies) and its area, against the caps. */
function drawn(spec: Record<string, unknown>, path: string, walk: ViewWalk) {
  walk.views += walk.copies;
  const side = (value: unknown) => (typeof value === 'number' ? value : 300);
  walk.area += side(spec.width) * side(spec.height) * walk.copies;
  if (walk.views > walk.limits.maxViews) refuse(path, `makes more than ${walk.limits.maxViews} views`);
  if (walk.area > walk.limits.maxSize ** 2) refuse(path, `draws more than ${walk.limits.maxSize}² pixels`);
}

/** Checks `inner` as if drawn `times` times (the views of a repeat or a facet). */
const copies =
  (times: (value: unknown, walk: ViewWalk) => number, inner: Rule): Rule =>
  (value, path, walk) => {
    const w = walk as ViewWalk;
    const before = w.copies;
    w.copies *= Math.max(1, times(value, w));
    try {
      return inner(value, path, w);
    } finally {
      w.copies = before;
    }
  };

const unitProps = { ...shared, mark, encoding, width: size, height: size, view: viewBackground };

const unit: Rule = (value, path, walk) => {
  const kept = shape(unitProps, NESTED_REPLACED)(value, path, walk) as Record<string, unknown>;
  if (kept.mark === undefined) refuse(path, 'has no mark');
  const facetChannels =
    isRecord(kept.encoding) && ('row' in kept.encoding || 'column' in kept.encoding || 'facet' in kept.encoding);
  if (facetChannels)
    copies(
      () => walk.limits.maxFacets,
      (v, p, w) => drawn(kept, p, w as ViewWalk),
    )(kept, path, walk);
  else drawn(kept, path, walk as ViewWalk);
  return kept;
};

const layered: Rule = lazy(() =>
  shape(
    {
      ...shared,
      layer: list((value, path, walk) => layerOrUnit(value, path, walk), 'maxViews'),
      encoding,
      width: size,
      height: size,
      view: viewBackground,
    },
    NESTED_REPLACED,
  ),
);

const layerOrUnit: Rule = (value, path, walk) =>
  (isRecord(value) && 'layer' in value ? layered : unit)(value, path, walk);

const repeatCount = (value: unknown): number => {
  const spec = isRecord(value) ? value.repeat : undefined;
  if (Array.isArray(spec)) return spec.length;
  if (!isRecord(spec)) return 1;
  const n = (key: string) => (Array.isArray(spec[key]) ? (spec[key] as unknown[]).length : 1);
  return n('row') * n('column') * n('layer');
};

/** Any view: a unit, a layer, or a composition of views (bounded in count, depth and size). */
const view: Rule = lazy(() => {
  const concat = (key: string) => shape({ ...composite, [key]: list(view, 'maxViews') }, NESTED_REPLACED);
  const facetField = shape({
    field,
    type: oneOf('quantitative', 'nominal', 'ordinal', 'temporal'),
    header,
    sort: either(oneOf('ascending', 'descending', null), list(either(num(-1e15, 1e15), text(200)), 'maxArray')),
    title: nullable(either(text(200), list(text(200), 10))),
    timeUnit,
  });
  const facetOf: Rule = (value, path, walk) => {
    const kept = either(shape({ row: facetField, column: facetField }), facetField)(value, path, walk) as Record<
      string,
      unknown
    >;
    for (const def of [kept, kept.row, kept.column])
      if (isRecord(def) && typeof def.field === 'string') walk.facets.add(def.field);
    return kept;
  };
  const facet = copies(
    () => 1,
    (value, path, walk) => {
      const { spec, facet: given, ...rest } = isRecord(value) ? value : {};
      const kept = shape(composite, NESTED_REPLACED)(rest, path, walk) as Record<string, unknown>;
      kept.facet = facetOf(given, `${path ? path + '.' : ''}facet`, walk);
      kept.spec = copies(() => walk.limits.maxFacets, layerOrUnit)(spec, `${path ? path + '.' : ''}spec`, walk);
      return kept;
    },
  );
  const repeat = copies(repeatCount, (value, path, walk) => {
    const { spec, ...rest } = isRecord(value) ? value : {};
    const kept = shape(
      {
        ...composite,
        repeat: either(fields, shape({ row: fields, column: fields, layer: fields })),
      },
      NESTED_REPLACED,
    )(rest, path, walk) as Record<string, unknown>;
    kept.spec = view(spec, `${path ? path + '.' : ''}spec`, walk);
    return kept;
  });
  return (value, path, walk) => {
    if (!isRecord(value)) return refuse(path, 'must be an object');
    const w = walk as ViewWalk & { depth?: number };
    w.depth = (w.depth ?? 0) + 1;
    try {
      if (w.depth > 4) return refuse(path, 'nests views too deeply');
      const key = VIEW_KEYS.find((k) => k in value);
      if (key === 'hconcat' || key === 'vconcat' || key === 'concat') return concat(key)(value, path, walk);
      if (key === 'facet') return facet(value, path, walk);
      if (key === 'repeat') return repeat(value, path, walk);
      return layerOrUnit(value, path, walk);
    } finally {
      w.depth -= 1;
    }
  };
});

/**
 * Makes an untrusted Vega-Lite spec (the agent's `vegaSpec`) safe and ready for our rows.
 *
 * An **allow-list**, not a deny-list: a spec is kept only if every key and value is one of
 * what agent charts use (marks; encodings with their field, type, aggregate, time unit,
 * bin, sort, scale, axis, legend, title and format; a small set of transforms; expressions
 * calling a listed set of functions), within caps on sizes, view counts, bins, steps,
 * array lengths and expression length. Colours are colour values (never a `url(...)` paint),
 * fonts are font names, and no key that loads or links anything (`data.url`, image marks,
 * `href`, `url`, `usermeta`) is among them. Anything else refuses the spec with the reason
 * and its path, and the chart falls back to one chosen from the rows. The spec's own data,
 * `config`, `background`, `$schema` and sizing are dropped: the rows come from the result,
 * the look from the host's theme. `policy` widens it (more expression functions, params,
 * higher caps). Never throws.
 */
export function prepareChartSpec(raw: unknown, policy: ChartSpecPolicy = {}): PreparedSpec {
  if (!isRecord(raw)) return { ok: false, reason: 'The chart spec is not an object', path: '' };
  const schema = raw.$schema;
  if (typeof schema === 'string' && /\/vega\/v\d/.test(schema)) {
    return { ok: false, reason: 'Only Vega-Lite specs are rendered, not full Vega specs', path: '$schema' };
  }
  if (!VIEW_KEYS.some((key) => key in raw) && !('mark' in raw)) {
    return { ok: false, reason: 'The chart spec has no mark', path: 'mark' };
  }
  const walk: ViewWalk = {
    limits: { ...DEFAULT_CHART_SPEC_LIMITS, ...policy.limits },
    functions: new Set([...DEFAULT_EXPRESSION_FUNCTIONS, ...(policy.functions ?? [])]),
    params: policy.params === true,
    paramNames: policy.params === true ? paramNames(raw, new Set()) : new Set(),
    removed: new Set(),
    facets: new Set(),
    inputs: false,
    nodes: 0,
    copies: 1,
    views: 0,
    area: 0,
  };
  let spec: Record<string, unknown>;
  try {
    const top = { ...raw };
    for (const key of REPLACED) {
      if (key in top) {
        walk.removed.add(key);
        delete top[key];
      }
    }
    spec = view(top, '', walk) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof SpecRefusal) return { ok: false, reason: error.message, path: error.path };
    if (error instanceof RangeError) return { ok: false, reason: 'The chart spec is too large', path: '' };
    return { ok: false, reason: 'The chart spec could not be read', path: '' };
  }
  spec.data = { name: CHART_DATA_NAME };
  // A single view (or layers) fits the container; compositions and facets size themselves.
  if (!VIEW_KEYS.some((key) => key in spec && key !== 'layer') && walk.facets.size === 0) {
    spec.width = 'container';
    spec.height ??= SPEC_HEIGHT;
    spec.autosize = { type: 'fit-x', contains: 'padding' };
  }
  return {
    ok: true,
    spec,
    removed: [...walk.removed],
    inputs: walk.inputs,
    facets: [...walk.facets],
    maxFacets: walk.limits.maxFacets,
  };
}

/**
 * The rows a faceted chart draws: those of the first `max` values of each facet field (or
 * of √max each for a grid of two), so the number of panels is bounded whatever the data.
 */
export function limitFacetRows<T extends Record<string, unknown>>(
  rows: readonly T[],
  facets: readonly string[],
  max: number,
): readonly T[] {
  if (facets.length === 0) return rows;
  const per = Math.max(1, Math.floor(max ** (1 / facets.length)));
  const seen = facets.map(() => new Set<unknown>());
  const out: T[] = [];
  for (const row of rows) {
    let keep = true;
    facets.forEach((name, i) => {
      const values = seen[i]!;
      const value = row[name];
      if (values.has(value)) return;
      if (values.size < per) values.add(value);
      else keep = false;
    });
    if (keep) out.push(row);
  }
  return out.length === rows.length ? rows : out;
}

import { expression } from './expression';
import {
  bool,
  capped,
  color,
  either,
  field,
  fields,
  format,
  formatType,
  int,
  isRecord,
  lazy,
  list,
  nullable,
  num,
  oneOf,
  refuse,
  shape,
  text,
  texts,
  type Rule,
} from './rules';
import { axis, header, legend, markProps, paint, shapeName } from './style';

// Encodings, transforms and predicates of agent charts: fields, types, aggregates, time
// units, bins, sorts, scales and a small set of transforms, every extent bounded.

const literal = either(num(-1e15, 1e15), text(200), bool, oneOf(null));
const literals = list(literal, 'maxArray');

export const aggregateOp: Rule = either(
  oneOf(
    'count',
    'valid',
    'missing',
    'distinct',
    'sum',
    'product',
    'mean',
    'average',
    'variance',
    'variancep',
    'stdev',
    'stdevp',
    'stderr',
    'median',
    'q1',
    'q3',
    'ci0',
    'ci1',
    'min',
    'max',
  ),
  shape({ argmin: field }),
  shape({ argmax: field }),
);

const UNIT = /^(?:binned)?(?:utc)?(?:year|quarter|month|week|dayofyear|day|date|hours|minutes|seconds|milliseconds)+$/;
const unitName: Rule = (value, path) =>
  typeof value === 'string' && value.length <= 60 && UNIT.test(value) ? value : refuse(path, 'is not a time unit');

export const timeUnit: Rule = either(
  unitName,
  shape({ unit: unitName, step: int(1, 1000), utc: bool, binned: bool, maxbins: capped('maxBins', 1) }),
);

/**
 * `true`, or bin params whose bin count is bounded: `maxbins` up to the cap; an explicit
 * `step` only with an `extent` it divides into at most that many bins (a step of 1e-9 over
 * a wide extent is a billion bins).
 */
export const bin: Rule = (value, path, walk) => {
  if (value === true || value === false || value === null || value === 'binned') return value;
  const params = shape({
    maxbins: int(2, walk.limits.maxBins),
    nice: bool,
    binned: bool,
    anchor: num(-1e15, 1e15),
    extent: list(num(-1e15, 1e15), 2),
    step: num(0, 1e15),
  })(value, path, walk) as { step?: number; extent?: number[] };
  if (params.step !== undefined) {
    const [lo, hi] = params.extent ?? [];
    if (lo === undefined || hi === undefined || params.step <= 0 || (hi - lo) / params.step > walk.limits.maxBins) {
      return refuse(`${path}.step`, `must divide an extent into at most ${walk.limits.maxBins} bins`);
    }
  }
  return params;
};

/** `keyvals` of impute: a short list, or a sequence of at most `maxSteps` values. */
const keyvals: Rule = either(literals, (value, path, walk) => {
  const seq = shape({ start: num(-1e15, 1e15), stop: num(-1e15, 1e15), step: num(-1e15, 1e15) })(value, path, walk) as {
    start?: number;
    stop?: number;
    step?: number;
  };
  const step = seq.step ?? 1;
  const length = (Number(seq.stop) - Number(seq.start ?? 0)) / step;
  if (!(length >= 0 && length <= walk.limits.maxSteps))
    return refuse(path, `must be a sequence of at most ${walk.limits.maxSteps} values`);
  return seq;
});

const frame = list(nullable(int(-1e6, 1e6)), 2);
const order = oneOf('ascending', 'descending', null);
const imputeMethod = oneOf('value', 'median', 'max', 'min', 'mean');

/** Every channel an agent chart may encode (no `href`, `url`, `key`, `description` or geo channels). */
export const CHANNELS = [
  'x',
  'y',
  'x2',
  'y2',
  'xOffset',
  'yOffset',
  'xError',
  'xError2',
  'yError',
  'yError2',
  'theta',
  'theta2',
  'radius',
  'radius2',
  'color',
  'fill',
  'stroke',
  'opacity',
  'fillOpacity',
  'strokeOpacity',
  'strokeWidth',
  'strokeDash',
  'size',
  'angle',
  'shape',
  'text',
  'tooltip',
  'detail',
  'order',
  'row',
  'column',
  'facet',
] as const;

/** Channels that get a legend. */
const LEGEND_CHANNELS = [
  'color',
  'fill',
  'stroke',
  'opacity',
  'fillOpacity',
  'strokeOpacity',
  'strokeWidth',
  'strokeDash',
  'size',
  'shape',
  'angle',
] as const;

const sortBy: Rule = oneOf(null, 'ascending', 'descending', ...CHANNELS.flatMap((c) => [c, `-${c}`]));

export const sort: Rule = either(
  sortBy,
  literals,
  shape({ field, op: aggregateOp, order }),
  shape({ encoding: oneOf(...CHANNELS), order }),
);

const scheme: Rule = either(
  (value, path) =>
    typeof value === 'string' && /^[a-z0-9-]{1,40}$/i.test(value) ? value : refuse(path, 'is not a scheme name'),
  shape({ name: text(40), extent: list(num(0, 1), 2), count: int(2, 50) }),
);

const scale: Rule = nullable(
  shape({
    type: oneOf(
      'linear',
      'log',
      'pow',
      'sqrt',
      'symlog',
      'identity',
      'sequential',
      'time',
      'utc',
      'quantile',
      'quantize',
      'threshold',
      'ordinal',
      'point',
      'band',
      'bin-ordinal',
    ),
    domain: either(literals, oneOf('unaggregated')),
    domainMin: literal,
    domainMax: literal,
    domainMid: num(-1e15, 1e15),
    range: either(
      list(either(num(-1e6, 1e6), color, shapeName, list(num(0, 100), 8)), 'maxArray'),
      oneOf('category', 'ordinal', 'ramp', 'diverging', 'heatmap', 'symbol', 'width', 'height'),
    ),
    rangeMin: either(num(-1e6, 1e6), color),
    rangeMax: either(num(-1e6, 1e6), color),
    scheme,
    zero: bool,
    nice: either(bool, int(0, 50), oneOf('millisecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year')),
    padding: num(0, 1000),
    paddingInner: num(0, 1),
    paddingOuter: num(0, 10),
    reverse: bool,
    round: bool,
    clamp: bool,
    interpolate: either(
      oneOf('rgb', 'lab', 'hcl', 'hsl', 'hsl-long', 'hcl-long', 'cubehelix', 'cubehelix-long'),
      shape({ type: oneOf('rgb', 'cubehelix', 'cubehelix-long'), gamma: num(0, 10) }),
    ),
    exponent: num(-100, 100),
    base: num(0, 1000),
    constant: num(0, 1e6),
    align: num(0, 1),
  }),
);

/** A field, or in a repeated spec the field being repeated. */
const fieldRef: Rule = either(field, shape({ repeat: oneOf('row', 'column', 'repeat', 'layer') }));

/** What a constant `value` of each channel may be: paints are colours, never URLs. */
function valueOf(channel: string): Rule {
  switch (channel) {
    case 'color':
    case 'fill':
    case 'stroke':
      return paint;
    case 'shape':
      return shapeName;
    case 'strokeDash':
      return list(num(0, 100), 8);
    case 'text':
    case 'tooltip':
      return nullable(texts);
    case 'x':
    case 'x2':
      return either(num(-1000, 2000), oneOf('width'));
    case 'y':
    case 'y2':
      return either(num(-1000, 2000), oneOf('height'));
    default:
      return markProps[channel] ?? either(num(-1e6, 1e6), oneOf(null));
  }
}

/** A field predicate, an expression, or `and`/`or`/`not` of them (a `param` when params are allowed). */
export const predicate: Rule = lazy(() =>
  either(
    expression,
    shape({
      field,
      timeUnit,
      equal: literal,
      lt: literal,
      lte: literal,
      gt: literal,
      gte: literal,
      range: list(literal, 2),
      oneOf: literals,
      valid: bool,
    }),
    shape({ and: list(predicate, 20) }),
    shape({ or: list(predicate, 20) }),
    shape({ not: predicate }),
    paramRef,
  ),
);

/** `{param: name}` of one of the spec's own params, when params are allowed. */
const paramRef: Rule = (value, path, walk) => {
  const ref = shape({ param: text(60), empty: bool })(value, path, walk) as { param: string };
  if (!walk.params) return refuse(path, 'refers to a param: params are not allowed in agent charts');
  if (!walk.paramNames.has(ref.param)) return refuse(path, 'refers to an unknown param');
  return ref;
};

function channelDef(channel: string): Rule {
  const facet = channel === 'row' || channel === 'column' || channel === 'facet';
  const props: Record<string, Rule> = {
    field: fieldRef,
    type: oneOf('quantitative', 'nominal', 'ordinal', 'temporal'),
    aggregate: aggregateOp,
    timeUnit,
    bin,
    title: nullable(texts),
    sort,
    format,
    formatType,
    bandPosition: num(0, 1),
  };
  if (facet) {
    Object.assign(props, {
      header,
      spacing: num(0, 200),
      columns: int(0, 50),
      align: oneOf('all', 'each', 'none'),
      center: bool,
      bounds: oneOf('full', 'flush'),
    });
  } else {
    Object.assign(props, {
      value: valueOf(channel),
      datum: literal,
      scale,
      stack: either(bool, oneOf(null, 'zero', 'normalize', 'center')),
      impute: shape({ value: literal, method: imputeMethod, frame, keyvals }),
    });
    if (channel === 'x' || channel === 'y') props.axis = axis;
    if ((LEGEND_CHANNELS as readonly string[]).includes(channel)) props.legend = legend;
  }
  const def = shape(props);
  const condition = shape({ test: predicate, param: text(60), empty: bool, ...props });
  const checkCondition: Rule = (value, path, walk) => {
    const kept = condition(value, path, walk) as { param?: string };
    if (kept.param !== undefined) paramRef({ param: kept.param }, path, walk);
    return kept;
  };
  const withCondition: Rule = (value, path, walk) => {
    if (!isRecord(value) || !('condition' in value)) return def(value, path, walk);
    const { condition: given, ...rest } = value;
    const kept = def(rest, path, walk) as Record<string, unknown>;
    kept.condition = either(checkCondition, list(checkCondition, 5))(given, `${path}.condition`, walk);
    return kept;
  };
  return (value, path, walk) => {
    const kept = withCondition(value, path, walk) as Record<string, unknown>;
    if (facet && typeof kept.field === 'string') walk.facets.add(kept.field);
    return kept;
  };
}

const channelRules: Record<string, Rule> = Object.fromEntries(
  CHANNELS.map((channel) => {
    const def = channelDef(channel);
    const many = channel === 'tooltip' || channel === 'detail' || channel === 'order';
    return [channel, many ? either(oneOf(null), def, list(def, 20)) : def];
  }),
);

export const encoding: Rule = shape(channelRules);

const as2 = either(field, list(field, 2));
const aggregates = list(shape({ op: aggregateOp, field, as: field }), 50);
const windowOps = oneOf(
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
);
const sortFields = list(shape({ field, order }), 10);

/** The transforms agent charts may use, each with its own bounded params. */
const TRANSFORMS: Record<string, Rule> = {
  filter: shape({ filter: predicate }),
  calculate: shape({ calculate: expression, as: field }),
  aggregate: shape({ aggregate: aggregates, groupby: fields }),
  joinaggregate: shape({ joinaggregate: aggregates, groupby: fields }),
  bin: shape({ bin, field, as: as2 }),
  timeUnit: shape({ timeUnit, field, as: field }),
  window: shape({
    window: list(shape({ op: either(windowOps, aggregateOp), field, param: int(0, 1e6), as: field }), 20),
    frame,
    ignorePeers: bool,
    groupby: fields,
    sort: sortFields,
  }),
  fold: shape({ fold: fields, as: list(field, 2) }),
  stack: shape({
    stack: field,
    groupby: fields,
    offset: oneOf('zero', 'center', 'normalize'),
    sort: sortFields,
    as: as2,
  }),
  impute: shape({ impute: field, key: field, keyvals, groupby: fields, frame, method: imputeMethod, value: literal }),
  density: shape({
    density: field,
    groupby: fields,
    cumulative: bool,
    counts: bool,
    bandwidth: num(0, 1e15),
    extent: list(num(-1e15, 1e15), 2),
    steps: capped('maxSteps', 1),
    minsteps: capped('maxSteps', 1),
    maxsteps: capped('maxSteps', 1),
    as: list(field, 2),
    resolve: oneOf('shared', 'independent'),
  }),
  regression: shape({
    regression: field,
    on: field,
    groupby: fields,
    method: oneOf('linear', 'log', 'exp', 'pow', 'quad', 'poly'),
    order: int(0, 6),
    extent: list(num(-1e15, 1e15), 2),
    params: bool,
    as: list(field, 2),
  }),
  loess: shape({ loess: field, on: field, groupby: fields, bandwidth: num(0, 1), as: list(field, 2) }),
  pivot: (value, path, walk) => {
    const kept = shape({ pivot: field, value: field, groupby: fields, limit: int(0, 1e6), op: aggregateOp })(
      value,
      path,
      walk,
    ) as { limit?: number };
    // One output field per distinct value: bounded even when the spec gives no limit.
    kept.limit = Math.min(kept.limit || Infinity, walk.limits.maxArray);
    return kept;
  },
  quantile: shape({
    quantile: field,
    groupby: fields,
    probs: list(num(0, 1), 100),
    step: (value, path, walk) => num(1 / walk.limits.maxSteps, 1)(value, path, walk),
    as: list(field, 2),
  }),
};

/** One transform of the allowed set, known by its key. */
export const transform: Rule = (value, path, walk) => {
  if (!isRecord(value)) return refuse(path, 'must be an object');
  const name = Object.keys(value).find((key) => Object.hasOwn(TRANSFORMS, key));
  if (!name) {
    const first = Object.keys(value)[0] ?? 'empty';
    return refuse(path, `is a "${first}" transform, which agent charts may not use`);
  }
  return TRANSFORMS[name]!(value, path, walk);
};

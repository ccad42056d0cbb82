import {
  bool,
  color,
  either,
  font,
  format,
  formatType,
  int,
  isRecord,
  list,
  nullable,
  num,
  oneOf,
  pick,
  refuse,
  shape,
  text,
  texts,
  type Rule,
} from './rules';
import { expression } from './expression';

// The look of a chart: marks, axes, legends, headers and titles. Every prop is a bounded
// number, a word from a list, a colour, a font name or a short text: nothing a browser
// fetches (no URLs, no `url(...)` paints, no cursors with images), nothing that lays out
// millions of pixels or ticks.

const opacity = num(0, 1);
const offset = num(-1000, 1000);
const extent = num(0, 2000);
const angle = num(-360, 360);
const fontSize = num(0, 100);
const fontWeight = either(oneOf('normal', 'bold', 'lighter', 'bolder'), num(100, 900));
const fontStyle = oneOf('normal', 'italic', 'oblique');
const align = oneOf('left', 'center', 'right');
const baseline = oneOf('top', 'middle', 'bottom', 'alphabetic', 'line-top', 'line-bottom');
const anchor = oneOf(null, 'start', 'middle', 'end');
const dash = list(num(0, 100), 8);
const cap = oneOf('butt', 'round', 'square');
const limit = num(0, 2000);
const labelOverlap = either(bool, oneOf('parity', 'greedy'));
const tickCount = either(int(0, 50), oneOf('millisecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year'));
const guideTitle = nullable(texts);
const zindex = int(0, 10);
/** Axis and legend values: a short list of literals. */
const values = list(either(num(-1e15, 1e15), text(100), bool), 100);

/** Shapes by name only: a custom shape is an SVG path of any length. */
export const SHAPES = [
  'circle',
  'square',
  'cross',
  'diamond',
  'triangle',
  'triangle-up',
  'triangle-down',
  'triangle-right',
  'triangle-left',
  'stroke',
  'arrow',
  'wedge',
];
export const shapeName = oneOf(...SHAPES);

/** Props shared by titles, labels and text marks, by their suffix. */
function textProps(prefix: string): Record<string, Rule> {
  const name = (suffix: string) => (prefix ? prefix + suffix : suffix.charAt(0).toLowerCase() + suffix.slice(1));
  return {
    [name('Align')]: align,
    [name('Angle')]: angle,
    [name('Baseline')]: baseline,
    [name('Color')]: color,
    [name('Font')]: font,
    [name('FontSize')]: fontSize,
    [name('FontStyle')]: fontStyle,
    [name('FontWeight')]: fontWeight,
    [name('Limit')]: limit,
    [name('LineHeight')]: num(0, 200),
    [name('Opacity')]: opacity,
    [name('Padding')]: offset,
  };
}

/** Stroke props (`domain`, `grid`, `tick` on axes; the mark's own). */
function strokeProps(prefix: string): Record<string, Rule> {
  return {
    [`${prefix}Cap`]: cap,
    [`${prefix}Color`]: nullable(color),
    [`${prefix}Dash`]: dash,
    [`${prefix}DashOffset`]: num(0, 100),
    [`${prefix}Opacity`]: opacity,
    [`${prefix}Width`]: num(0, 50),
  };
}

const titleText = {
  ...textProps('title'),
  titleAnchor: anchor,
  titleX: offset,
  titleY: offset,
  titleOrient: oneOf('left', 'right', 'top', 'bottom'),
};

export const axis: Rule = nullable(
  shape({
    title: guideTitle,
    format,
    formatType,
    orient: oneOf('top', 'bottom', 'left', 'right'),
    offset,
    translate: num(-10, 10),
    minExtent: extent,
    maxExtent: extent,
    bandPosition: opacity,
    zindex,
    aria: bool,
    description: text(),
    labels: bool,
    labelExpr: expression,
    labelOverlap,
    labelSeparation: num(0, 100),
    labelFlush: either(bool, num(0, 100)),
    labelFlushOffset: offset,
    labelBound: either(bool, num(0, 100)),
    labelOffset: offset,
    ...textProps('label'),
    ticks: bool,
    tickCount,
    tickMinStep: num(0, 1e15),
    tickSize: num(0, 100),
    tickOffset: offset,
    tickBand: oneOf('center', 'extent'),
    tickExtra: bool,
    tickRound: bool,
    ...strokeProps('tick'),
    grid: bool,
    ...strokeProps('grid'),
    domain: bool,
    ...strokeProps('domain'),
    values,
    ...titleText,
  }),
);

export const legend: Rule = nullable(
  shape({
    title: guideTitle,
    format,
    formatType,
    type: oneOf('symbol', 'gradient'),
    orient: oneOf('left', 'right', 'top', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'none'),
    direction: oneOf('horizontal', 'vertical'),
    columns: int(0, 20),
    columnPadding: offset,
    rowPadding: offset,
    padding: offset,
    offset,
    legendX: offset,
    legendY: offset,
    cornerRadius: num(0, 100),
    fillColor: nullable(color),
    strokeColor: nullable(color),
    gradientLength: extent,
    gradientThickness: num(0, 100),
    gradientOpacity: opacity,
    gradientStrokeColor: nullable(color),
    gradientStrokeWidth: num(0, 50),
    gridAlign: oneOf('all', 'each', 'none'),
    clipHeight: extent,
    zindex,
    aria: bool,
    description: text(),
    labelExpr: expression,
    labelOverlap,
    labelSeparation: num(0, 100),
    labelOffset: offset,
    ...textProps('label'),
    symbolType: shapeName,
    symbolSize: num(0, 10_000),
    symbolFillColor: nullable(color),
    symbolStrokeColor: nullable(color),
    symbolStrokeWidth: num(0, 50),
    symbolOpacity: opacity,
    symbolDash: dash,
    symbolDashOffset: num(0, 100),
    symbolOffset: offset,
    symbolLimit: int(0, 100),
    tickCount,
    tickMinStep: num(0, 1e15),
    values,
    ...titleText,
  }),
);

export const header: Rule = nullable(
  shape({
    title: guideTitle,
    format,
    formatType,
    orient: oneOf('left', 'right', 'top', 'bottom'),
    labels: bool,
    labelExpr: expression,
    labelAnchor: anchor,
    labelOrient: oneOf('left', 'right', 'top', 'bottom'),
    ...textProps('label'),
    ...titleText,
  }),
);

/** A view's title: a text, a few lines, or the title object with its look. */
export const title: Rule = either(
  guideTitle,
  shape({
    text: texts,
    subtitle: texts,
    anchor,
    frame: oneOf('bounds', 'group'),
    orient: oneOf('left', 'right', 'top', 'bottom'),
    offset,
    dx: offset,
    dy: offset,
    zindex,
    aria: bool,
    ...textProps(''),
    ...textProps('subtitle'),
  }),
);

/** A colour, or a linear or radial gradient of colours. */
export const paint: Rule = either(
  nullable(color),
  shape({
    gradient: oneOf('linear', 'radial'),
    x1: opacity,
    y1: opacity,
    x2: opacity,
    y2: opacity,
    r1: opacity,
    r2: opacity,
    stops: list(shape({ offset: opacity, color }), 16),
  }),
);

/** What a mark def's props may hold (also a few value channels: size, angle, opacity). */
export const markProps: Record<string, Rule> = {
  color: paint,
  fill: paint,
  stroke: paint,
  opacity,
  fillOpacity: opacity,
  strokeOpacity: opacity,
  strokeWidth: num(0, 50),
  strokeDash: dash,
  strokeDashOffset: num(0, 100),
  strokeCap: cap,
  strokeJoin: oneOf('miter', 'round', 'bevel'),
  strokeMiterLimit: num(0, 100),
  strokeOffset: offset,
  filled: bool,
  size: num(0, 10_000),
  thickness: num(0, 100),
  width: either(extent, shape({ band: opacity })),
  height: either(extent, shape({ band: opacity })),
  binSpacing: num(0, 100),
  cornerRadius: num(0, 100),
  cornerRadiusEnd: num(0, 100),
  cornerRadiusTopLeft: num(0, 100),
  cornerRadiusTopRight: num(0, 100),
  cornerRadiusBottomLeft: num(0, 100),
  cornerRadiusBottomRight: num(0, 100),
  interpolate: oneOf(
    'basis',
    'bundle',
    'cardinal',
    'catmull-rom',
    'linear',
    'linear-closed',
    'monotone',
    'natural',
    'step',
    'step-before',
    'step-after',
  ),
  tension: opacity,
  orient: oneOf('horizontal', 'vertical'),
  align,
  baseline,
  dx: offset,
  dy: offset,
  angle,
  font,
  fontSize,
  fontStyle,
  fontWeight,
  limit,
  lineHeight: num(0, 200),
  ellipsis: text(4),
  dir: oneOf('ltr', 'rtl'),
  text: texts,
  radius: extent,
  radius2: extent,
  innerRadius: extent,
  outerRadius: extent,
  radiusOffset: offset,
  radius2Offset: offset,
  theta: num(-10, 10),
  theta2: num(-10, 10),
  thetaOffset: num(-10, 10),
  theta2Offset: num(-10, 10),
  padAngle: num(0, 10),
  x: either(offset, oneOf('width')),
  y: either(offset, oneOf('height')),
  x2: either(offset, oneOf('width')),
  y2: either(offset, oneOf('height')),
  xOffset: offset,
  yOffset: offset,
  x2Offset: offset,
  y2Offset: offset,
  shape: shapeName,
  clip: bool,
  invalid: oneOf(null, 'filter', 'break-paths-filter-domains', 'break-paths-show-domains', 'show'),
  aspect: bool,
  smooth: bool,
  blend: oneOf(
    null,
    'multiply',
    'screen',
    'overlay',
    'darken',
    'lighten',
    'color-dodge',
    'color-burn',
    'hard-light',
    'soft-light',
    'difference',
    'exclusion',
    'hue',
    'saturation',
    'color',
    'luminosity',
  ),
  // Keywords only: `cursor: url(...)` loads an image.
  cursor: oneOf('auto', 'default', 'pointer', 'crosshair', 'move', 'grab', 'grabbing', 'help', 'text', 'not-allowed'),
  order: nullable(bool),
  minBandSize: num(0, 100),
  discreteBandSize: either(num(0, 2000), shape({ band: opacity })),
  continuousBandSize: num(0, 2000),
  timeUnitBandPosition: opacity,
  timeUnitBandSize: opacity,
  aria: bool,
  description: text(),
};

export const MARKS = [
  'bar',
  'line',
  'area',
  'point',
  'circle',
  'square',
  'tick',
  'rule',
  'text',
  'rect',
  'arc',
  'trail',
] as const;
const COMPOSITE_MARKS = ['boxplot', 'errorbar', 'errorband'] as const;

const tooltip = either(bool, oneOf(null), shape({ content: oneOf('data', 'encoding') }));
const overlay = either(
  bool,
  oneOf('transparent'),
  shape(
    pick(markProps, ['color', 'fill', 'stroke', 'filled', 'size', 'opacity', 'strokeWidth', 'shape', 'strokeDash']),
  ),
);
const part = either(
  bool,
  shape(
    pick(markProps, [
      'color',
      'fill',
      'stroke',
      'opacity',
      'strokeWidth',
      'size',
      'strokeDash',
      'cornerRadius',
      'filled',
      'shape',
    ]),
  ),
);

const unitMark = shape({ type: oneOf(...MARKS), tooltip, point: overlay, line: overlay, ...markProps });
const compositeMark = shape({
  type: oneOf(...COMPOSITE_MARKS),
  extent: either(oneOf('min-max', 'iqr', 'stderr', 'stdev', 'ci'), num(0, 10)),
  orient: oneOf('horizontal', 'vertical'),
  box: part,
  median: part,
  rule: part,
  ticks: part,
  outliers: part,
  band: part,
  borders: part,
  interpolate: markProps.interpolate!,
  tension: opacity,
  tooltip,
  clip: bool,
  invalid: markProps.invalid!,
  ...pick(markProps, ['color', 'opacity', 'size', 'thickness']),
});

/** A mark by name, or a mark def; image and geoshape marks (which load or need geo data) are not among them. */
export const mark: Rule = (value, path, walk) => {
  if (typeof value === 'string') {
    if (value === 'image') return refuse(path, 'is an image mark: image marks are not rendered');
    return oneOf(...MARKS, ...COMPOSITE_MARKS)(value, path, walk);
  }
  if (isRecord(value) && value.type === 'image') return refuse(path, 'is an image mark: image marks are not rendered');
  return isRecord(value) && (COMPOSITE_MARKS as readonly unknown[]).includes(value.type)
    ? compositeMark(value, path, walk)
    : unitMark(value, path, walk);
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const OTHER: Record<string, string> = { x: 'y', y: 'x' };

/**
 * A sort for a chart whose x and y channels swapped (vertical bars turned horizontal): a
 * sort by a channel ("-y", `{ encoding: 'y' }`) names the other channel, so it still sorts
 * by the same field. Sorts by a field, an order or a list do not name a channel and stay.
 */
export function swapSort(sort: unknown): unknown {
  if (typeof sort === 'string') {
    const match = /^(-?)([xy])$/.exec(sort);
    return match ? match[1]! + OTHER[match[2]!] : sort;
  }
  if (isObject(sort) && typeof sort.encoding === 'string' && sort.encoding in OTHER)
    return { ...sort, encoding: OTHER[sort.encoding] };
  return sort;
}

/** A column name as a title in sentence case: `order_count` → "Order count", `totalRevenue` → "Total revenue". */
export function columnTitle(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim();
  // Later words lose a capital that only marked a word start ("Revenue"), not an acronym ("USD").
  return words.charAt(0).toUpperCase() + words.slice(1).replace(/\b[A-Z](?=[a-z])/g, (c) => c.toLowerCase());
}

const titled = (def: unknown): unknown =>
  isObject(def) &&
  typeof def.field === 'string' &&
  def.title === undefined &&
  !def.bin &&
  (def.aggregate === undefined || def.aggregate === 'sum')
    ? { ...def, title: columnTitle(def.field) }
    : def;

/**
 * A copy of a single or layered view whose field definitions without a title get
 * {@link columnTitle} (plain and summed fields; Vega-Lite's own "Average of …" stays), so
 * axes, legends and tooltips never show a raw column name.
 */
export function withTitles(spec: Json): Json {
  const out: Json = { ...spec };
  if (isObject(spec.encoding)) {
    const encoding: Json = {};
    for (const [channel, def] of Object.entries(spec.encoding))
      encoding[channel] = Array.isArray(def) ? def.map(titled) : titled(def);
    out.encoding = encoding;
  }
  if (Array.isArray(spec.layer)) out.layer = spec.layer.map((layer) => (isObject(layer) ? withTitles(layer) : layer));
  return out;
}

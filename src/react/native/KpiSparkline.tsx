// KpiCard's trend line: loaded lazily, with the first card that shows one.

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 32;

/** A `KpiCard`'s trend line as SVG (no chart library), in the card's fixed box. */
export function KpiSparkline({ values, label }: { values: number[]; label: (from: number, to: number) => string }) {
  if (values.length < 2)
    return <svg className="ek-kpi__spark" aria-hidden="true" viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`} />;
  // A loop, not Math.min(...values): a long series would overflow the stack as arguments.
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * SPARK_WIDTH).toFixed(1)},${(SPARK_HEIGHT - 2 - ((v - min) / span) * (SPARK_HEIGHT - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      className="ek-kpi__spark"
      role="img"
      aria-label={label(values[0]!, values[values.length - 1]!)}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

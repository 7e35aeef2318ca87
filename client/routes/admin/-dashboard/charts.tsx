/**
 * Small inline SVG charts (no library: a few dozen lines cost less than any chart package, and
 * they ship only in this page's lazy chunk). Each is decorative (aria-hidden): the section's
 * text table beside it says the same for screen readers.
 */
type Point = { label: string; value: number };

const W = 320;
const H = 140;
const PAD = { top: 12, right: 8, bottom: 22, left: 32 };

function scaleMax(points: Point[]) {
  return Math.max(1, ...points.map((p) => p.value));
}

function Axis({ max, first, last }: { max: number; first?: string; last?: string }) {
  return (
    <g className="chart__axis">
      <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} />
      <text x={PAD.left - 4} y={PAD.top + 4} textAnchor="end">
        {max}
      </text>
      <text x={PAD.left - 4} y={H - PAD.bottom} textAnchor="end">
        0
      </text>
      {first ? (
        <text x={PAD.left} y={H - 6} textAnchor="start">
          {first}
        </text>
      ) : null}
      {last ? (
        <text x={W - PAD.right} y={H - 6} textAnchor="end">
          {last}
        </text>
      ) : null}
    </g>
  );
}

/** A line over days (members over time). */
export function LineChart({ points }: { points: Point[] }) {
  const max = scaleMax(points);
  const width = W - PAD.left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const coords = points.map(
    (p, i) => [PAD.left + i * step, PAD.top + height - (p.value / max) * height] as const,
  );
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <Axis max={max} first={points[0]?.label} last={points.at(-1)?.label} />
      <polyline className="chart__line" points={coords.map(([x, y]) => `${x},${y}`).join(" ")} />
    </svg>
  );
}

/** Vertical bars over days (views per day). */
export function ColumnChart({ points }: { points: Point[] }) {
  const max = scaleMax(points);
  const width = W - PAD.left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  const slot = width / Math.max(1, points.length);
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <Axis max={max} first={points[0]?.label} last={points.at(-1)?.label} />
      {points.map((p, i) => {
        const h = (p.value / max) * height;
        return (
          <rect
            key={p.label}
            className="chart__bar"
            x={PAD.left + i * slot + slot * 0.15}
            y={PAD.top + height - h}
            width={Math.max(1, slot * 0.7)}
            height={h}
          />
        );
      })}
    </svg>
  );
}

/** Horizontal bars with their label and value (request outcomes, busiest chat days). */
export function BarList({ points }: { points: Point[] }) {
  const max = scaleMax(points);
  const row = 26;
  const labelWidth = 110;
  const barWidth = W - labelWidth - 44;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${W} ${points.length * row + 4}`}
      aria-hidden="true"
      focusable="false"
    >
      {points.map((p, i) => (
        <g key={p.label} transform={`translate(0 ${i * row + 2})`}>
          <text x={0} y={16} className="chart__label">
            {p.label}
          </text>
          <rect
            className="chart__bar"
            x={labelWidth}
            y={4}
            height={16}
            width={Math.max(1, (p.value / max) * barWidth)}
          />
          <text x={labelWidth + (p.value / max) * barWidth + 6} y={16} className="chart__value">
            {p.value}
          </text>
        </g>
      ))}
    </svg>
  );
}

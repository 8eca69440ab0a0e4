import { useId } from "react";
import { linearScale, niceTicks } from "./chart-scale";
import { useElementWidth } from "./use-element-width";

export interface Bar {
  label: string;
  value: number;
}

interface BarChartProps {
  title: string;
  bars: Bar[];
  /** What the values count, for the summary read to screen readers, e.g. "records". */
  unit: string;
}

const ROW_HEIGHT = 30;
const BAR_HEIGHT = 18;
const AXIS_HEIGHT = 24;
const DEFAULT_WIDTH = 480;
/** Room at the end of the longest bar for its value. */
const VALUE_ROOM = 48;

/**
 * Horizontal bars in plain SVG, largest first: category names (failure classes, sources) can be
 * long, and horizontal bars keep them readable at 375 px. Drawn at the container's pixel width.
 */
export function BarChart({ title, bars, unit }: BarChartProps) {
  const [frameRef, width] = useElementWidth<HTMLDivElement>(DEFAULT_WIDTH, 220);
  const titleId = useId();
  const descriptionId = useId();
  const sorted = [...bars].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const labelWidth = Math.min(150, Math.round(width * 0.36));
  const ticks = niceTicks(0, Math.max(1, ...sorted.map((bar) => bar.value)), width < 400 ? 3 : 5);
  const x = linearScale(0, ticks.at(-1)!, labelWidth, width - VALUE_ROOM);
  // Counts are whole numbers: a small maximum must not produce gridlines at 0.2, 0.4…
  const wholeTicks = ticks.filter(Number.isInteger);
  const height = sorted.length * ROW_HEIGHT + AXIS_HEIGHT;
  const summary = sorted.map((bar) => `${bar.label}: ${bar.value.toLocaleString("en")} ${unit}`).join("; ");

  return (
    <figure className="chart">
      <figcaption className="chart__title" id={titleId}>
        {title}
      </figcaption>
      <div ref={frameRef} className="chart__frame">
        {sorted.length === 0 ? (
          <p className="table-empty">No {unit} yet.</p>
        ) : (
          <svg width={width} height={height} role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
            <desc id={descriptionId}>{summary}</desc>
            <g className="chart__grid">
              {wholeTicks.map((tick) => (
                <line key={tick} x1={x(tick)} x2={x(tick)} y1={0} y2={height - AXIS_HEIGHT} />
              ))}
            </g>
            {sorted.map((bar, index) => {
              const top = index * ROW_HEIGHT;
              return (
                <g key={bar.label}>
                  <text className="bar-chart__label" x={labelWidth - 8} y={top + ROW_HEIGHT / 2 + 4} textAnchor="end">
                    {truncate(bar.label, labelWidth)}
                    <title>{bar.label}</title>
                  </text>
                  <rect
                    className="bar-chart__bar"
                    x={labelWidth}
                    y={top + (ROW_HEIGHT - BAR_HEIGHT) / 2}
                    width={Math.max(1, x(bar.value) - labelWidth)}
                    height={BAR_HEIGHT}
                    rx={3}
                  />
                  <text className="bar-chart__value" x={x(bar.value) + 6} y={top + ROW_HEIGHT / 2 + 4}>
                    {bar.value.toLocaleString("en")}
                  </text>
                </g>
              );
            })}
            <g className="chart__axis">
              <line x1={labelWidth} x2={width - VALUE_ROOM} y1={height - AXIS_HEIGHT} y2={height - AXIS_HEIGHT} />
              {wholeTicks.map((tick) => (
                <text key={tick} x={x(tick)} y={height - 6} textAnchor="middle">
                  {tick.toLocaleString("en")}
                </text>
              ))}
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}

/** About 7 px per character at 13 px: longer labels end in an ellipsis (the full name is the SVG title). */
function truncate(label: string, room: number): string {
  const fits = Math.floor((room - 12) / 7);
  return label.length <= fits ? label : `${label.slice(0, Math.max(1, fits - 1))}…`;
}

import { useId } from "react";
import { linearScale, niceTicks, tickDecimals } from "./chart-scale";
import { useElementWidth } from "./use-element-width";

export interface ChartSeries {
  name: string;
  label: string;
  /** Colour and stroke come from the stylesheet (`.chart__line--<tone>`), so they follow the tokens. */
  tone: "primary" | "info" | "warning" | "neutral";
  dashed?: boolean;
  points: { x: number; y: number }[];
}

interface LineChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** A fixed x range (e.g. 0 to the last generation) so a running job's lines grow into the frame. */
  xDomain?: [number, number];
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 44, left: 52 };
const DEFAULT_WIDTH = 640;

/**
 * A plain SVG line chart: axes with ticks, one polyline per series, and a legend with each series'
 * latest value. It is drawn at the container's real pixel width, so labels keep their size on
 * narrow screens instead of being scaled down with a viewBox.
 */
export function LineChart({ title, xLabel, yLabel, series, xDomain, height = 260 }: LineChartProps) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>(DEFAULT_WIDTH, 240);
  const titleId = useId();
  const descriptionId = useId();

  const points = series.flatMap((line) => line.points);
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const xTicks = niceTicks(xDomain?.[0] ?? Math.min(0, ...xs), xDomain?.[1] ?? Math.max(1, ...xs), width < 420 ? 4 : 7);
  const yTicks = niceTicks(Math.min(0, ...ys), Math.max(...ys, 0.1), 5);
  const x = linearScale(xTicks[0]!, xTicks.at(-1)!, MARGIN.left, width - MARGIN.right);
  const y = linearScale(yTicks[0]!, yTicks.at(-1)!, height - MARGIN.bottom, MARGIN.top);
  const xDecimals = tickDecimals(xTicks);
  const yDecimals = tickDecimals(yTicks);
  const latest = (line: ChartSeries) => line.points.at(-1);
  const summary = series
    .map((line) => {
      const last = latest(line);
      return `${line.label}: ${last ? `${last.y.toFixed(3)} at ${xLabel.toLowerCase()} ${last.x}` : "no data"}`;
    })
    .join("; ");

  return (
    <figure className="chart">
      <figcaption className="chart__title" id={titleId}>
        {title}
      </figcaption>
      <div ref={containerRef} className="chart__frame">
        <svg width={width} height={height} role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
          <desc id={descriptionId}>{summary}</desc>
          <g className="chart__grid">
            {yTicks.map((tick) => (
              <line key={tick} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            ))}
          </g>
          <g className="chart__axis">
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={height - MARGIN.bottom} y2={height - MARGIN.bottom} />
            <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={height - MARGIN.bottom} />
            {xTicks.map((tick) => (
              <text key={tick} x={x(tick)} y={height - MARGIN.bottom + 16} textAnchor="middle">
                {tick.toFixed(xDecimals)}
              </text>
            ))}
            {yTicks.map((tick) => (
              <text key={tick} x={MARGIN.left - 8} y={y(tick) + 4} textAnchor="end">
                {tick.toFixed(yDecimals)}
              </text>
            ))}
            <text
              className="chart__axis-label"
              x={(MARGIN.left + width - MARGIN.right) / 2}
              y={height - 6}
              textAnchor="middle"
            >
              {xLabel}
            </text>
            <text
              className="chart__axis-label"
              transform={`translate(14 ${(MARGIN.top + height - MARGIN.bottom) / 2}) rotate(-90)`}
              textAnchor="middle"
            >
              {yLabel}
            </text>
          </g>
          {series.map((line) => (
            <polyline
              key={line.name}
              className={`chart__line chart__line--${line.tone}${line.dashed ? " chart__line--dashed" : ""}`}
              points={line.points.map((point) => `${x(point.x).toFixed(1)},${y(point.y).toFixed(1)}`).join(" ")}
            />
          ))}
          {series.map((line) => {
            const last = latest(line);
            return (
              last && (
                <circle
                  key={line.name}
                  className={`chart__dot chart__dot--${line.tone}`}
                  cx={x(last.x)}
                  cy={y(last.y)}
                  r={3}
                />
              )
            );
          })}
        </svg>
      </div>
      <ul className="chart__legend">
        {series.map((line) => (
          <li key={line.name}>
            <span
              aria-hidden="true"
              className={`chart__swatch chart__swatch--${line.tone}${line.dashed ? " chart__swatch--dashed" : ""}`}
            />
            {line.label}
            <span className="chart__latest">{latest(line)?.y.toFixed(3) ?? "—"}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

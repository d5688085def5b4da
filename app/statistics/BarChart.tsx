import { useId } from "react";

/** `label`: under the bar; `longLabel` and `valueText`: in the description; `shortText`: above the bar, when it fits. */
export type Bar = { label: string; longLabel: string; value: number; valueText: string; shortText?: string };

const WIDTH = 360;
const HEIGHT = 200;
const TOP = 24;
const BOTTOM = 28;

/**
 * A bar chart drawn on the server as SVG, so it needs no JavaScript. Its text alternative is the
 * figure's caption (the chart's name) and a description with every bar's label and value, which a
 * screen reader reads and the page's table beside it repeats. The drawing scales with its box: at
 * 390 px it is as wide as the screen, on a desk at most 36 rem.
 */
export function BarChart({ title, bars, scaleText, testId }: { title: string; bars: readonly Bar[]; scaleText?: string; testId: string }) {
  const id = useId();
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const description = bars.map((bar) => `${bar.longLabel}: ${bar.valueText}`).join("; ");
  return (
    <figure className="mt-4 max-w-xl" data-testid={testId}>
      <figcaption id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="mt-2 block h-auto w-full"
      >
        <desc id={`${id}-description`}>{description}</desc>
        {scaleText ? (
          <>
            <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} stroke="#cbd5e1" strokeWidth={1} strokeDasharray="4 3" />
            <text x={2} y={TOP - 6} fontSize={12} fill="#334155">
              {scaleText}
            </text>
          </>
        ) : null}
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#94a3b8" strokeWidth={1} />
        {bars.map((bar, index) => {
          const height = ((HEIGHT - TOP - BOTTOM) * bar.value) / most;
          const x = index * slot;
          const middle = x + slot / 2;
          return (
            <g key={bar.longLabel}>
              <rect x={x + slot * 0.15} width={slot * 0.7} y={HEIGHT - BOTTOM - height} height={height} fill="#1e40af" />
              {bar.shortText ? (
                <text x={middle} y={HEIGHT - BOTTOM - height - 4} textAnchor="middle" fontSize={12} fill="#0f172a">
                  {bar.shortText}
                </text>
              ) : null}
              <text x={middle} y={HEIGHT - 8} textAnchor="middle" fontSize={12} fill="#334155">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

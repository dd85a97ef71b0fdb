import type { WeatherWarningKind } from '@thunderwatch/shared/schemas/weather-warning';
import type { ReactNode } from 'react';

/** What an icon stands for: an official warning's kind, or a sea-wave alarm. */
export type WarningIconKind = WeatherWarningKind | 'wave';

const cloud = <path d="M7 14a4 4 0 0 1 .6-7.96A5 5 0 0 1 17 7.5a3.25 3.25 0 0 1 0 6.5z" />;
const flake = (cx: number, cy: number, r: number) => (
  <g>
    <path d={`M${cx} ${cy - r}v${2 * r}M${cx - r * 0.87} ${cy - r / 2}l${r * 1.73} ${r}`} />
    <path d={`M${cx - r * 0.87} ${cy + r / 2}l${r * 1.73} ${-r}`} />
  </g>
);
const sun = (cx: number, cy: number, r: number) => (
  <g>
    <circle cx={cx} cy={cy} r={r} />
    <path
      d={[0, 45, 90, 135, 180, 225, 270, 315]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          const [x1, y1] = [cx + Math.cos(a) * (r + 2), cy + Math.sin(a) * (r + 2)];
          const [x2, y2] = [cx + Math.cos(a) * (r + 4), cy + Math.sin(a) * (r + 4)];
          return `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
        })
        .join('')}
    />
  </g>
);
const wind = <path d="M3 8h10a3 3 0 1 0-3-3M3 12h15a3 3 0 1 1-3 3M3 16h7" />;

/**
 * Line drawings of the CMA warning kinds (台风, 暴雨, 暴雪, 寒潮, 大风, 沙尘暴, 高温, 干旱, 雷电, 冰雹, 霜冻, 大雾,
 * 霾, 道路结冰) and sea waves, drawn for this portal: a symbol of the weather each names, in the colour of the
 * text around it, so the warning's level stays the chip's colour.
 */
const SHAPES: Record<WarningIconKind, ReactNode> = {
  typhoon: (
    <g>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 9C12 5 15 3 19 3M12 15c0 4-3 6-7 6" />
    </g>
  ),
  rainstorm: (
    <g>
      {cloud}
      <path d="M8 17l-1 4M12 17l-1 4M16 17l-1 4" />
    </g>
  ),
  snowstorm: (
    <g>
      {cloud}
      {flake(9, 19, 2.2)}
      {flake(15, 19, 2.2)}
    </g>
  ),
  cold_wave: (
    <g>
      <path d="M9 4a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z" />
      <path d="M18 5v10M15.5 12.5L18 15l2.5-2.5" />
    </g>
  ),
  gale: wind,
  sandstorm: (
    <g>
      {wind}
      <path d="M15 19h.01M19 20h.01M12 20h.01M20 5h.01" strokeWidth="2.5" />
    </g>
  ),
  heat: (
    <g>
      <path d="M9 4a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z" />
      <path d="M11 8v8M18 15V5M15.5 7.5L18 5l2.5 2.5" />
    </g>
  ),
  drought: (
    <g>
      {sun(12, 9, 3)}
      <path d="M2 20h20M7 20l2-2 1 2M15 20l1-2 2 2" />
    </g>
  ),
  lightning: <path d="M13 2L4 14h7l-1 8 9-12h-7z" />,
  hail: (
    <g>
      {cloud}
      <circle cx="8" cy="19" r="1.4" />
      <circle cx="12" cy="20.5" r="1.4" />
      <circle cx="16" cy="19" r="1.4" />
    </g>
  ),
  frost: (
    <g>
      {flake(12, 9, 5)}
      <path d="M3 20h18M6 17l2 3M12 17l2 3M18 17l-1 3" />
    </g>
  ),
  fog: <path d="M3 8h18M5 12h14M3 16h18M7 20h10" />,
  haze: <path d="M3 8h3M9 8h3M15 8h6M5 12h6M14 12h5M3 16h5M11 16h3M17 16h4" />,
  road_icing: (
    <g>
      <path d="M8 3L4 21M16 3l4 18M12 4v3M12 11v3" />
      {flake(12, 18.5, 2.2)}
    </g>
  ),
  other: <path d="M12 3l10 18H2zM12 10v5M12 18h.01" />,
  wave: <path d="M2 10c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1M2 16c2.5-3 5-3 7.5 0s5 3 7.5 0 3.5-2 5-1" />,
};

/** The icon of a warning kind, 1em square, inheriting the text colour; its name is said by the text beside it. */
export function WarningKindIcon({ kind }: { kind: WarningIconKind }) {
  return (
    <svg
      className="warning-kind-icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-kind={kind}
    >
      {SHAPES[kind]}
    </svg>
  );
}

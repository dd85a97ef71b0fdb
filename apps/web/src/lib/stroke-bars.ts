/** Stacked cloud-to-ground and intracloud bars over categories: the one stroke chart the screens share. */
export function strokeBarsOption(
  labels: readonly string[],
  cg: readonly number[],
  ic: readonly number[],
  names: { cg: string; ic: string },
  grid: { bottom: number } = { bottom: 28 },
) {
  return {
    animation: false,
    grid: { left: 48, right: 8, top: 32, bottom: grid.bottom },
    legend: { top: 0, textStyle: { color: '#9aa7bd' } },
    tooltip: { trigger: 'axis' as const },
    xAxis: { type: 'category' as const, data: [...labels] },
    yAxis: { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { color: '#26324a' } } },
    series: [
      {
        type: 'bar' as const,
        stack: 'strokes',
        name: names.cg,
        itemStyle: { color: '#facc15' },
        data: [...cg],
      },
      {
        type: 'bar' as const,
        stack: 'strokes',
        name: names.ic,
        itemStyle: { color: '#38bdf8' },
        data: [...ic],
      },
    ],
  };
}

import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { REPORT_FONT_STACK } from './report-fonts.js';

use([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

/** An ECharts chart rendered on the server to an SVG string (no DOM, no browser). */
export function chartSvg(option: EChartsCoreOption, width = 680, height = 260): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: REPORT_FONT_STACK }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Stacked CG/IC bars over categories. */
export function strokeBars(
  labels: string[],
  cg: number[],
  ic: number[],
  names: { cg: string; ic: string },
): string {
  return chartSvg({
    grid: { left: 52, right: 12, top: 30, bottom: 40 },
    legend: { top: 0 },
    xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 9 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', stack: 's', name: names.cg, data: cg, itemStyle: { color: '#f59e0b' } },
      { type: 'bar', stack: 's', name: names.ic, data: ic, itemStyle: { color: '#38bdf8' } },
    ],
  });
}

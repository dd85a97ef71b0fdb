import { type ECharts, type EChartsCoreOption, init } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * An ECharts chart in `element`, drawn on canvas, resized with its box and given `option` whenever it changes
 * (not merged with the last). The chart's modules are registered (`use(...)`) by the component that draws it,
 * so each chart's bundle holds only what it needs.
 */
export function useEChart(
  element: RefObject<HTMLDivElement | null>,
  option: EChartsCoreOption,
): RefObject<ECharts | null> {
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current, null, { renderer: 'canvas' });
    chart.current = instance;
    // A box gone from the page (a screen left: the observer hears the removal before React's cleanup runs) or
    // of no size is not drawn: a map chart (geo) throws on a 0×0 view.
    const resize = new ResizeObserver(() => {
      const box = instance.getDom();
      if (!box.isConnected || box.clientWidth === 0 || box.clientHeight === 0) return;
      instance.resize();
    });
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [element]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  /** The chart itself (null before mount), e.g. for `getDataURL` to download it as a picture. */
  return chart;
}

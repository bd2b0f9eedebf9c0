/**
 * A line or bar chart of the dashboard's series, drawn with ECharts imported per chart type (`echarts/core`
 * with the line and bar charts, the grid, tooltip and legend components and the SVG renderer), so this
 * chunk — loaded lazily by the dashboard page — carries only what it draws. The figures are also in the
 * page's daily table; the chart is one image with a label for assistive technology.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface ChartSeries {
  name: string;
  data: number[];
}

const HEIGHT = 300;
/** Colours that read at 3:1 or more on white (the console's AA theme). */
const PALETTE = ['#1456d9', '#cf1322', '#237804', '#ad4e00', '#531dab', '#006d75'];

export function DashboardChart({
  label,
  kind,
  days,
  series,
}: {
  label: string;
  kind: 'line' | 'bar';
  days: string[];
  series: ChartSeries[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, {
      renderer: 'svg',
      height: HEIGHT,
      ...(el.clientWidth > 0 ? {} : { width: 640 }),
    });
    chart.setOption({
      color: PALETTE,
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: kind === 'line' ? 1 : 0 },
      series: series.map((s) => ({ name: s.name, type: kind, data: s.data })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [kind, days, series]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: HEIGHT }} />;
}

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../../i18n/messages';
import type { ChartData } from './chart-data';

const HEIGHT = 260;
/**
 * A range of one day is one x: uPlot widens a single time value by 86,400 ÷ its `ms` (1,000 days
 * for timestamps in seconds) before the scale's range sees it, so the axis spanned years; it is
 * given half a day on each side of that day instead.
 */
const HALF_DAY = 43_200;
const DAY = 86_400;
const DAY_INCREMENTS = [1, 2, 7, 14, 30, 91, 182, 365].map((days) => days * DAY);
const COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2'];

/** Bars of each series side by side around their x: the first left of it, the next right. */
function barsOf(index: number, count: number) {
  const align = count === 1 ? 0 : index === 0 ? -1 : 1;
  return uPlot.paths.bars?.({ size: [count === 1 ? 0.6 : 0.35, 60], align });
}

function optionsOf(data: ChartData, width: number): uPlot.Options {
  const count = data.series.length;
  return {
    width,
    height: HEIGHT,
    // Days are UTC midnights standing for the server's calendar days: label them as such.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      // Bars at the first and last x need half a step of room on each side.
      x: data.bars
        ? { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] }
        : {
            time: data.xKind === 'day',
            range: (_, min, max) => {
              const only = data.x.length === 1 ? data.x[0] : undefined;
              return only === undefined ? [min, max] : [only - HALF_DAY, only + HALF_DAY];
            },
          },
    },
    series: [
      { label: data.xKind === 'day' ? t('reports.range.legend') : t('reports.drama.episode') },
      ...data.series.map((s, i) => ({
        label: s.label,
        stroke: COLOURS[i % COLOURS.length],
        width: 2,
        ...(data.bars
          ? { paths: barsOf(i, count), fill: `${COLOURS[i % COLOURS.length]}99`, points: { show: false } }
          : {}),
      })),
    ],
    // Ticks on whole numbers for a bar chart's x (episode numbers) and on whole days for a day
    // chart: hours between days would mean nothing.
    axes: [data.bars ? { incrs: [1] } : data.xKind === 'day' ? { incrs: DAY_INCREMENTS } : {}, { size: 60 }],
  };
}

/**
 * The chart itself, drawn by uPlot on a canvas. Only the dashboards import this module (lazily),
 * so uPlot's code reaches an operator's browser only when a chart is shown.
 */
export default function UplotChart({ data }: { data: ChartData }) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const plot = new uPlot(
      optionsOf(data, element.clientWidth || 720),
      [data.x, ...data.series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data]);
  return <div ref={target} className="report-chart__plot" />;
}

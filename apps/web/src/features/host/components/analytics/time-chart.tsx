import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** One value per x; null leaves a gap. */
  values: (number | null)[];
  color: string;
  /** Drawn as bars rather than a line. */
  bars?: boolean;
  /** A line that holds its value until the next point (a running count). */
  stepped?: boolean;
}

/** The console's own ways with a date and a time: 'Fri 27 Nov', '21:14' (en-GB, 24 h). */
const dayTick = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
const clockTick = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/** A value with no value beside it: a line cannot be drawn through it, so it needs its point. */
const hasLonePoint = (values: (number | null)[]) =>
  values.some((value, i) => value !== null && values[i - 1] == null && values[i + 1] == null);

const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];
const AXIS = { stroke: '#8e9bc4', grid: { stroke: 'rgb(255 255 255 / 0.06)' }, ticks: { stroke: '#262e4a' } };

/**
 * A chart over time (uPlot: small, fast, canvas; loaded only with the host console). It is a
 * picture for sighted hosts: its numbers are in the table beside it, so screen readers skip it.
 */
export function TimeChart({
  times,
  series,
  height = 180,
  ticks = 'clock',
  timeZone,
}: {
  /** Seconds since the epoch. */
  times: number[];
  series: ChartSeries[];
  height?: number;
  /** 'days': a tick at each point, named by its day ('Mon 16 Nov'); 'clock': times of day ('21:14'). */
  ticks?: 'days' | 'clock';
  /** The zone the ticks are read in (the room's weeks are UTC's); the host's own when left out. */
  timeZone?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const step = times.length > 1 ? (times.at(-1)! - times[0]!) / (times.length - 1) : 600;
    const xMin = (times[0] ?? 0) - step / 2;
    const xMax = (times.at(-1) ?? 0) + step / 2;
    const tick = ticks === 'days' ? dayTick(timeZone) : clockTick(timeZone);
    const xAxis = {
      ...AXIS,
      // A tick on the points themselves (the weeks), at most six of them so their names fit.
      ...(ticks === 'days'
        ? { splits: () => times.filter((_, i) => i % Math.ceil(times.length / 6) === 0) }
        : {}),
      values: (_u: uPlot, splits: number[]) => splits.map((at) => tick.format(new Date(at * 1000))),
    };
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height,
        legend: { show: series.length > 1, live: false },
        cursor: { show: false },
        scales: {
          // Half a step of room each side, so end bars show whole and a lone point sits mid-chart.
          x: { time: true, auto: false, min: xMin, max: xMax },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
        },
        // Whole numbers on the y axis: every figure here is a count.
        axes: [xAxis, { ...AXIS, size: 44, incrs: COUNT_STEPS }],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            fill: line.bars ? line.color : `${line.color}22`,
            points: { show: times.length < 3 || hasLonePoint(line.values) },
            paths: line.bars
              ? uPlot.paths.bars!({ size: [0.6, 40], align: 0 })
              : line.stepped
                ? uPlot.paths.stepped!({ align: 1 })
                : undefined,
          })),
        ],
      },
      [times, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series, height, ticks, timeZone]);
  return <div ref={box} aria-hidden="true" data-chart />;
}

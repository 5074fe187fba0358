import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './stats.module.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour or a theme variable, e.g. 'var(--accent)'. */
  color: string;
}

export interface LineChartProps {
  /** 'YYYY-MM-DD' (UTC), oldest first. */
  days: string[];
  series: ChartSeries[];
  height?: number;
}

/** Canvas needs concrete colours: a probe element resolves theme variables (Telegram's palette included). */
function resolveColor(host: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  host.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || css;
}

function optionsFor(host: HTMLElement, series: ChartSeries[], width: number, height: number): uPlot.Options {
  const hint = resolveColor(host, 'var(--hint)');
  const grid = resolveColor(host, 'var(--separator)');
  const axis = { stroke: hint, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '12px system-ui, sans-serif' };
  return {
    width,
    height,
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    axes: [
      { ...axis, grid: { show: false }, values: '{D}.{MM}' },
      { ...axis, size: 40, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
    ],
    series: [
      { label: 'День', value: '{D}.{MM}.{YYYY}' },
      ...series.map((s) => ({
        label: s.label,
        stroke: resolveColor(host, s.color),
        width: 2,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => (v === null ? '—' : String(v)),
      })),
    ],
  };
}

/** A line chart per day drawn by uPlot (loaded only with the statistics screen); follows the container's width. */
export default function LineChart({ days, series, height = 220 }: LineChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return undefined;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values)];
    const plot = new uPlot(
      { ...optionsFor(node, series, Math.max(240, node.clientWidth), height), tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC') },
      data,
      node,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(240, node.clientWidth), height }));
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);
  return <div ref={host} className={styles.chart} />;
}

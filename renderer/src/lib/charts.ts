import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';

// Only the parts the dashboard draws are registered, so the bundle carries only those.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };

export interface ChartPalette {
  text: string;
  muted: string;
  grid: string;
  panel: string;
  success: string;
  failure: string;
  series: string[];
}

/** The chart colours of the scheme in use, from the theme's CSS variables. */
export function chartPalette(): ChartPalette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string): string => css.getPropertyValue(name).trim();
  return {
    text: v('--fg'),
    muted: v('--muted'),
    grid: v('--line'),
    panel: v('--panel'),
    success: v('--chart-success'),
    failure: v('--chart-failure'),
    series: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => v(`--chart-${i}`)),
  };
}

/** Calls `changed` when the system switches between light and dark; returns the unsubscribe. */
export function onSchemeChange(changed: () => void): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Options every dashboard bar chart shares: no animation (drawn at once), themed axes, legend and tooltip. */
export function baseBarOptions(palette: ChartPalette, horizontal: boolean): ChartOptions<'bar'> {
  // Counts are whole numbers: no 0.5 ticks on a short axis.
  const axis = { ticks: { color: palette.muted, precision: 0 }, grid: { color: palette.grid }, border: { color: palette.grid } };
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    indexAxis: horizontal ? 'y' : 'x',
    scales: { x: { ...axis }, y: { ...axis } },
    plugins: {
      legend: { labels: { color: palette.text } },
      tooltip: {
        backgroundColor: palette.panel,
        titleColor: palette.text,
        bodyColor: palette.text,
        borderColor: palette.grid,
        borderWidth: 1,
      },
    },
  };
}

/**
 * What a pointer event on a chart's canvas is over: the category (bar or column) nearest along the
 * category axis, and the dataset of the bar part under the pointer, if any. Read from the canvas's
 * own events, so the axis labels count as their category too.
 */
export function pointedAt(
  chart: Chart<'bar', number[], string>,
  event: MouseEvent,
  axis: 'x' | 'y',
): { index: number; dataset: number | undefined } | undefined {
  const category = chart.getElementsAtEventForMode(event, 'index', { intersect: false, axis }, false)[0];
  if (!category) return undefined;
  const part = chart.getElementsAtEventForMode(event, 'nearest', { intersect: true }, false)[0];
  return { index: category.index, dataset: part?.datasetIndex };
}

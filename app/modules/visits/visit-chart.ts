/**
 * The visits page's chart, drawn as plain SVG by the server: one bar a day,
 * scaled to the busiest day, with a few round-number gridlines. Pure geometry,
 * so no charting code is sent to the browser.
 */
/** A round step (1, 2 or 5 times a power of ten) giving at most four gridlines up to `max`. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough)!;
}

/**
 * Narrow, so that on a 320-pixel phone the chart's words are still legible when it is scaled down to fit. The
 * drawing area runs from `top` to `baseline` (the bars stand on it); `labels` are the dates under the axis: the
 * first, the last and a few between, the ends anchored so they stay inside.
 */
export function dayChart(days: { date: string; page_views: number }[], size = { width: 480, height: 220 }) {
  const top = 10;
  const left = 40;
  const baseline = size.height - 24;
  const max = Math.max(0, ...days.map((d) => d.page_views));
  const step = niceStep(max);
  const ceiling = Math.max(step, Math.ceil(max / step) * step);
  const slot = days.length ? (size.width - left) / days.length : 0;
  const barWidth = Math.max(1, slot * 0.75);
  const scale = (value: number) => ((baseline - top) * value) / ceiling;
  const bars = days.map((d, i) => ({
    date: d.date,
    value: d.page_views,
    x: round(left + i * slot + (slot - barWidth) / 2),
    y: round(baseline - scale(d.page_views)),
    width: round(barWidth),
    height: round(scale(d.page_views)),
  }));
  const gridlines = [];
  for (let value = 0; value <= ceiling; value += step) gridlines.push({ value, y: round(baseline - scale(value)) });
  const every = Math.max(1, Math.ceil(days.length / 4));
  const last = days.length - 1;
  const labels = days
    .map((d, i) => ({ date: d.date, i }))
    // Every few days, and the last; one that would crowd the last is left out.
    .filter(({ i }) => i === last || (i % every === 0 && last - i >= every / 2))
    .map(({ date, i }) => {
      const anchor = i === last && days.length > 1 ? ("end" as const) : i === 0 && days.length > 1 ? ("start" as const) : ("middle" as const);
      const x = anchor === "end" ? size.width : anchor === "start" ? left + i * slot : left + i * slot + slot / 2;
      return { date, x: round(x), anchor };
    });
  return { ...size, top, baseline, bars, gridlines, labels };
}

const round = (n: number) => Math.round(n * 10) / 10;

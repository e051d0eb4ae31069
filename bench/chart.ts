/**
 * The growth chart as plain SVG: one log-log panel per series, the measured medians joined by a line,
 * and a dashed line of linear growth (exponent 1) through the first point for comparison.
 */
import type { Series } from './scenarios/growth';
import { round } from './stats';

const PANEL = { width: 300, height: 240, left: 56, right: 16, top: 36, bottom: 44 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panel(series: Series, offsetX: number): string {
  const xs = series.points.map((p) => Math.log10(p.x));
  const linear = series.points.map((p) => series.points[0].y * (p.x / series.points[0].x));
  const ys = [...series.points.map((p) => p.y), ...linear].map(Math.log10);
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  const [minY, maxY] = [Math.min(...ys), Math.max(...ys)];
  const plotW = PANEL.width - PANEL.left - PANEL.right;
  const plotH = PANEL.height - PANEL.top - PANEL.bottom;
  const px = (x: number) => offsetX + PANEL.left + ((Math.log10(x) - minX) / (maxX - minX || 1)) * plotW;
  const py = (y: number) => PANEL.top + plotH - ((Math.log10(y) - minY) / (maxY - minY || 1)) * plotH;
  const line = (values: number[]) =>
    series.points.map((p, i) => `${round(px(p.x), 1)},${round(py(values[i]), 1)}`).join(' ');
  const measured = series.points.map((p) => p.y);
  const parts = [
    `<rect x="${offsetX + PANEL.left}" y="${PANEL.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#ccc"/>`,
    `<text x="${offsetX + PANEL.width / 2}" y="20" text-anchor="middle" font-weight="bold">${escape(series.name)}: exponent ${round(series.exponent, 2)}</text>`,
    `<polyline points="${line(linear)}" fill="none" stroke="#999" stroke-dasharray="4 3"/>`,
    `<polyline points="${line(measured)}" fill="none" stroke="#4945ff" stroke-width="2"/>`,
    ...series.points.map(
      (p) =>
        `<circle cx="${round(px(p.x), 1)}" cy="${round(py(p.y), 1)}" r="3.5" fill="#4945ff"/>` +
        `<text x="${round(px(p.x), 1)}" y="${round(py(p.y) - 8, 1)}" text-anchor="middle" font-size="10">${round(p.y, 0)} ms</text>` +
        `<text x="${round(px(p.x), 1)}" y="${PANEL.top + plotH + 16}" text-anchor="middle" font-size="10">${p.x}</text>`
    ),
    `<text x="${offsetX + PANEL.width / 2}" y="${PANEL.height - 8}" text-anchor="middle" font-size="11">${escape(series.unit)} (log scale)</text>`,
  ];
  return parts.join('\n');
}

/** The SVG text: publish time (median, ms, log scale) against each kind of work. */
export function growthChart(series: Series[], caption: string): string {
  const width = PANEL.width * series.length;
  const height = PANEL.height + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...series.map((s, i) => panel(s, i * PANEL.width)),
    `<text x="8" y="${height - 6}" font-size="10" fill="#555">${escape(caption)}; dashed: linear growth from the first point</text>`,
    '</svg>',
    '',
  ].join('\n');
}

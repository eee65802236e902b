// Small self-contained SVG charts (no library, no CDN): a line/scatter chart
// and an overlaid histogram. Text is escaped; colours are fixed per series.

export interface Series {
  name: string;
  points: { x: number; y: number; label?: string }[];
  /** Draw points only (baselines), or a line through them. */
  markersOnly?: boolean;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf', '#bcbd22'];
const W = 600,
  H = 340,
  L = 56,
  R = 200,
  T = 28,
  B = 44;

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function axes(
  title: string,
  xLabel: string,
  yLabel: string,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): { sx: (x: number) => number; sy: (y: number) => number; svg: string[] } {
  const sx = (x: number) => L + ((x - x0) / (x1 - x0 || 1)) * (W - L - R);
  const sy = (y: number) => H - B - ((y - y0) / (y1 - y0 || 1)) * (H - T - B);
  const svg = [`<text x="${W / 2 - R / 2}" y="16" text-anchor="middle" font-weight="bold">${esc(title)}</text>`];
  for (let k = 0; k <= 5; k++) {
    const x = x0 + ((x1 - x0) * k) / 5;
    const y = y0 + ((y1 - y0) * k) / 5;
    svg.push(
      `<line x1="${sx(x)}" y1="${T}" x2="${sx(x)}" y2="${H - B}" stroke="#eee"/>`,
      `<text x="${sx(x)}" y="${H - B + 14}" text-anchor="middle">${+x.toFixed(2)}</text>`,
      `<line x1="${L}" y1="${sy(y)}" x2="${W - R}" y2="${sy(y)}" stroke="#eee"/>`,
      `<text x="${L - 6}" y="${sy(y) + 4}" text-anchor="end">${+y.toFixed(2)}</text>`,
    );
  }
  svg.push(
    `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#999"/>`,
    `<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle">${esc(xLabel)}</text>`,
    `<text transform="translate(14 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`,
  );
  return { sx, sy, svg };
}

function legend(names: string[]): string[] {
  return names.map(
    (n, i) =>
      `<rect x="${W - R + 10}" y="${T + i * 18}" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/>` +
      `<text x="${W - R + 26}" y="${T + i * 18 + 9}">${esc(n)}</text>`,
  );
}

function wrap(body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="11">${body.join('')}</svg>`;
}

export function lineChart(
  title: string,
  xLabel: string,
  yLabel: string,
  series: Series[],
  range?: { x?: [number, number]; y?: [number, number] },
): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  const [x0, x1] = range?.x ?? [Math.min(0, ...xs), Math.max(1, ...xs)];
  const [y0, y1] = range?.y ?? [Math.min(0, ...ys), Math.max(1, ...ys)];
  const { sx, sy, svg } = axes(title, xLabel, yLabel, x0, x1, y0, y1);
  series.forEach((s, i) => {
    const c = COLORS[i % COLORS.length];
    if (!s.markersOnly && s.points.length > 1) {
      svg.push(
        `<polyline fill="none" stroke="${c}" stroke-width="1.6" points="${s.points.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ')}"/>`,
      );
    }
    for (const p of s.points) {
      svg.push(
        `<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="${s.markersOnly ? 4 : 2}" fill="${c}"><title>${esc(`${s.name}${p.label ? ` ${p.label}` : ''}: (${p.x.toFixed(3)}, ${p.y.toFixed(3)})`)}</title></circle>`,
      );
    }
  });
  svg.push(...legend(series.map((s) => s.name)));
  return wrap(svg);
}

/** Overlaid histograms of values in [0, 1] (e.g. confidence of correct vs wrong completions), as shares per group. */
export function histogram(title: string, xLabel: string, groups: { name: string; values: number[] }[], bins = 20): string {
  const shares = groups.map((g) => {
    const counts = new Array<number>(bins).fill(0);
    for (const v of g.values) counts[Math.min(bins - 1, Math.max(0, Math.floor(v * bins)))]++;
    return counts.map((c) => (g.values.length ? c / g.values.length : 0));
  });
  const yMax = Math.max(0.05, ...shares.flat());
  const { sx, sy, svg } = axes(title, xLabel, 'share of group', 0, 1, 0, yMax);
  const bw = (sx(1) - sx(0)) / bins / Math.max(1, groups.length);
  shares.forEach((s, gi) => {
    s.forEach((v, b) => {
      if (!v) return;
      const x = sx(b / bins) + gi * bw;
      svg.push(
        `<rect x="${x.toFixed(1)}" y="${sy(v).toFixed(1)}" width="${bw.toFixed(1)}" height="${(sy(0) - sy(v)).toFixed(1)}" fill="${COLORS[gi % COLORS.length]}" opacity="0.85"><title>${esc(`${groups[gi].name} ${(b / bins).toFixed(2)}-${((b + 1) / bins).toFixed(2)}: ${(100 * v).toFixed(1)}%`)}</title></rect>`,
      );
    });
  });
  svg.push(...legend(groups.map((g) => `${g.name} (n=${g.values.length})`)));
  return wrap(svg);
}

/**
 * The audiogram as SVG, drawn with the standard (ASHA 1990 / ISO 8253-1) symbols: right ear red
 * "O" (air) and "<" (bone), left ear blue "X" (air) and ">" (bone), a no-response drawn as its
 * symbol with an arrow pointing down, dB HL growing downwards from -10 to 120, octave-spaced
 * frequencies 250–8000 Hz, and the ≤ 25 dB HL band (NR-7 Anexo II 5.1) shaded. Pure: numbers in,
 * markup out (no user text is embedded, so the output is safe to insert unescaped).
 */
export interface SvgPoint {
  readonly frequency: number;
  readonly value: number | null;
  readonly noResponse: boolean;
}
export interface SvgEar {
  readonly air: readonly SvgPoint[];
  readonly bone: readonly SvgPoint[];
}

const RED = '#c62828';
const BLUE = '#1565c0';
const FREQS = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const LABELS: Record<number, string> = { 250: '250', 500: '500', 1000: '1k', 2000: '2k', 3000: '3k', 4000: '4k', 6000: '6k', 8000: '8k' };
const W = 340;
const H = 300;
const M = { left: 38, right: 12, top: 30, bottom: 14 };
const DB_MIN = -10;
const DB_MAX = 120;

const x = (f: number) => M.left + (Math.log2(f / 250) / 5) * (W - M.left - M.right);
const y = (db: number) => M.top + ((db - DB_MIN) / (DB_MAX - DB_MIN)) * (H - M.top - M.bottom);
const n = (v: number) => Math.round(v * 10) / 10;

function grid(): string {
  const parts: string[] = [];
  parts.push(`<rect x="${M.left}" y="${n(y(DB_MIN))}" width="${W - M.left - M.right}" height="${n(y(25) - y(DB_MIN))}" fill="#e8f5e9"/>`);
  for (let db = DB_MIN; db <= DB_MAX; db += 10) {
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${n(y(db))}" y2="${n(y(db))}" stroke="${db === 0 ? '#777' : '#d0d0d0'}" stroke-width="${db === 0 ? 0.9 : 0.5}"/>`);
    parts.push(`<text x="${M.left - 5}" y="${n(y(db) + 3)}" font-size="8" text-anchor="end" fill="#444">${db}</text>`);
  }
  parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${n(y(25))}" y2="${n(y(25))}" stroke="#2e7d32" stroke-width="0.9" stroke-dasharray="4 2"/>`);
  for (const f of FREQS) {
    const octave = [250, 500, 1000, 2000, 4000, 8000].includes(f);
    parts.push(`<line x1="${n(x(f))}" x2="${n(x(f))}" y1="${M.top}" y2="${H - M.bottom}" stroke="#d0d0d0" stroke-width="0.5"${octave ? '' : ' stroke-dasharray="2 2"'}/>`);
    parts.push(`<text x="${n(x(f))}" y="${M.top - 6}" font-size="8" text-anchor="middle" fill="#444">${LABELS[f]}</text>`);
  }
  parts.push(`<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#555" stroke-width="0.8"/>`);
  return parts.join('');
}

function arrow(cx: number, cy: number, color: string, dir: 1 | -1): string {
  const ex = cx + dir * 9;
  const ey = cy + 11;
  return `<path d="M${n(cx)} ${n(cy + 5)} L${n(ex)} ${n(ey)} M${n(ex)} ${n(ey)} l${-dir * 4} -1 M${n(ex)} ${n(ey)} l${dir * 0.5} -4" stroke="${color}" stroke-width="1.1" fill="none"/>`;
}

function symbol(kind: 'O' | 'X' | '<' | '>', cx: number, cy: number, color: string): string {
  if (kind === 'O') return `<circle cx="${n(cx)}" cy="${n(cy)}" r="4.5" fill="#fff" stroke="${color}" stroke-width="1.5"/>`;
  if (kind === 'X') return `<path d="M${n(cx - 4)} ${n(cy - 4)} L${n(cx + 4)} ${n(cy + 4)} M${n(cx + 4)} ${n(cy - 4)} L${n(cx - 4)} ${n(cy + 4)}" stroke="${color}" stroke-width="1.6"/>`;
  const d = kind === '<' ? `M${n(cx + 3)} ${n(cy - 5)} L${n(cx - 3)} ${n(cy)} L${n(cx + 3)} ${n(cy + 5)}` : `M${n(cx - 3)} ${n(cy - 5)} L${n(cx + 3)} ${n(cy)} L${n(cx - 3)} ${n(cy + 5)}`;
  return `<path d="${d}" stroke="${color}" stroke-width="1.5" fill="none"/>`;
}

function series(points: readonly SvgPoint[], kind: 'O' | 'X' | '<' | '>', color: string, offset: number, line: boolean): string {
  const drawn = points.filter((p) => p.value !== null && FREQS.includes(p.frequency));
  const out: string[] = [];
  const linked = drawn.filter((p) => !p.noResponse);
  if (line && linked.length > 1) {
    out.push(`<polyline points="${linked.map((p) => `${n(x(p.frequency))},${n(y(p.value as number))}`).join(' ')}" fill="none" stroke="${color}" stroke-width="1.2"/>`);
  }
  for (const p of drawn) {
    const cx = x(p.frequency) + offset;
    const cy = y(Math.min(DB_MAX, p.value as number));
    out.push(symbol(kind, cx, cy, color));
    if (p.noResponse) out.push(arrow(cx, cy, color, kind === 'X' || kind === '>' ? 1 : -1));
  }
  return out.join('');
}

function panel(ear: SvgEar, side: 'right' | 'left', dx: number): string {
  const color = side === 'right' ? RED : BLUE;
  const title = side === 'right' ? 'Orelha direita (OD)' : 'Orelha esquerda (OE)';
  return `<g transform="translate(${dx},0)"><text x="${(W + M.left) / 2}" y="11" font-size="10" font-weight="700" text-anchor="middle" fill="${color}">${title}</text>` +
    `<text x="9" y="${H / 2}" font-size="8" fill="#444" transform="rotate(-90 9 ${H / 2})" text-anchor="middle">dB NA</text>` +
    grid() +
    series(ear.bone, side === 'right' ? '<' : '>', color, side === 'right' ? -7 : 7, false) +
    series(ear.air, side === 'right' ? 'O' : 'X', color, 0, true) +
    '</g>';
}

/** Both ears side by side (OD left panel, OE right panel) in one SVG of 700 × 300 user units. */
export function audiogramSvg(right: SvgEar, left: SvgEar): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${2 * W + 20} ${H}" width="100%" role="img" aria-label="Audiograma" font-family="Helvetica, Arial, sans-serif">` +
    panel(right, 'right', 0) + panel(left, 'left', W + 20) + '</svg>';
}

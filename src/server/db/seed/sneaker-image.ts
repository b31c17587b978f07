/**
 * Draws demo product pictures: a side view of a sneaker (toe to the right) as a
 * small self-contained SVG, in the colours of a palette, and renders it to WebP
 * with sharp. No text, no fonts, no external resources.
 */
import sharp from 'sharp';

/** Hex colours ("#rrggbb" or "#rgb") used to draw one sneaker. */
export interface SneakerPalette {
  upper: string;
  accent: string;
  sole: string;
  laces: string;
  background: string;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return [128, 128, 128];
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Linear mix of two colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const shade = (c: string, t: number) => mix(c, '#000000', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The colours one drawing uses, derived from the palette. */
interface Ink {
  up: string;
  upD: string;
  upL: string;
  ac: string;
  acD: string;
  so: string;
  soD: string;
  la: string;
  laD: string;
  line: string;
}

function inks(p: SneakerPalette): Ink {
  const dark = luminance(p.upper) < 0.25;
  return {
    up: p.upper,
    upD: dark ? tint(p.upper, 0.12) : shade(p.upper, luminance(p.upper) > 0.8 ? 0.08 : 0.16),
    upL: tint(p.upper, 0.22),
    ac: p.accent,
    acD: shade(p.accent, 0.2),
    so: p.sole,
    soD: luminance(p.sole) > 0.5 ? shade(p.sole, 0.3) : tint(p.sole, 0.18),
    la: p.laces,
    laD: shade(p.laces, luminance(p.laces) > 0.5 ? 0.35 : 0.1),
    line: dark ? tint(p.upper, 0.38) : shade(p.upper, 0.45),
  };
}

/** One drawing variant: paths in a 400 x 300 box, toe pointing right. */
interface Style {
  upper: string;
  sole: string;
  /** y from which the sole is drawn as outsole (darker, with tread). */
  outsole: number;
  toe: string;
  heel: string;
  /** Top of the heel, where the pull tab sits. */
  tab: [number, number];
  collar: string;
  /** Throat line from collar (x1, y1) down to the vamp (x2, y2), and eyelet count. */
  throat: [number, number, number, number, number];
  /** Style specific details, drawn clipped to the upper. */
  detail: (k: Ink) => string;
  /** Details on the sole (after it is drawn). */
  soleDetail: (k: Ink) => string;
  bow: boolean;
}

const STYLES: Style[] = [
  // 0: low runner, sloped foam midsole, sweeping side swoosh.
  {
    upper:
      'M60 186C52 152 54 122 66 104C72 97 80 97 87 102C104 113 128 118 150 108L168 97C200 118 250 146 292 157C326 165 352 176 356 194L60 194Z',
    sole: 'M57 178C140 186 250 192 338 189C356 189 364 202 354 212C342 222 320 226 296 226L104 226C78 226 60 220 56 204C55 195 55 186 57 178Z',
    outsole: 216,
    toe: 'M288 156C324 164 352 176 356 194L296 194C286 182 282 168 288 156Z',
    heel: 'M60 186C52 152 54 122 66 104L86 101C92 130 94 160 104 190Z',
    tab: [66, 104],
    collar: 'M65 106C72 98 80 98 87 103C104 113 128 118 150 109',
    throat: [168, 99, 286, 156, 5],
    detail: (k) =>
      `<path d="M92 182C150 182 214 168 262 136C236 170 180 190 100 192Z" fill="${k.ac}"/>` +
      `<path d="M96 176C150 176 206 164 250 140" stroke="${k.acD}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>`,
    soleDetail: (k) =>
      `<path d="M66 200C120 206 200 206 250 200C214 214 130 216 70 210Z" fill="${k.ac}" opacity=".85"/>`,
    bow: true,
  },
  // 1: high top basketball shoe, ankle strap, round side patch.
  {
    upper:
      'M62 196C54 150 58 104 70 70C76 62 86 60 96 62C116 66 132 66 148 58L166 62C180 96 230 136 290 156C326 166 352 178 356 198L62 198Z',
    sole: 'M58 188C150 192 260 196 340 194C356 194 364 204 358 214C350 224 330 227 300 227L90 227C70 227 58 222 56 210C55 202 56 194 58 188Z',
    outsole: 214,
    toe: 'M282 152C322 162 352 176 356 198L292 198C280 186 276 166 282 152Z',
    heel: 'M62 196C54 150 58 104 70 70L92 64C90 110 94 160 110 198Z',
    tab: [70, 70],
    collar: 'M70 70C76 62 86 60 96 62C116 66 132 66 148 58',
    throat: [164, 66, 282, 152, 7],
    detail: (k) =>
      `<path d="M84 96C116 90 146 84 172 80C188 78 196 96 186 106C156 110 124 116 90 124Z" fill="${k.ac}"/>` +
      `<path d="M88 102C118 96 146 90 172 86M92 118C122 112 152 106 180 102" stroke="${k.acD}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>` +
      `<circle cx="140" cy="162" r="17" fill="${k.ac}"/><circle cx="140" cy="162" r="9" fill="${k.up}"/>` +
      `<path d="M110 198C160 176 230 170 286 178L296 198Z" fill="${k.upD}"/>`,
    soleDetail: (k) => `<path d="M60 199L352 202" stroke="${k.ac}" stroke-width="4" fill="none"/>`,
    bow: false,
  },
  // 2: court / skate low, flat vulcanised sole with foxing stripe, side wave stripe.
  {
    upper:
      'M62 200C56 170 58 140 66 122C72 114 82 114 90 118C106 126 128 128 148 120L166 110C196 130 240 152 290 162C330 170 356 182 358 200Z',
    sole: 'M58 194L352 196C362 196 366 204 364 214C362 224 354 228 344 228L72 228C62 228 56 222 56 212Z',
    outsole: 218,
    toe: 'M280 160C324 168 356 182 358 200L286 200C276 188 272 172 280 160Z',
    heel: 'M62 200C56 170 58 140 66 122L88 118C90 150 96 178 108 200Z',
    tab: [66, 122],
    collar: 'M66 122C72 114 82 114 90 118C106 126 128 128 148 120',
    throat: [166, 112, 280, 160, 6],
    detail: (k) =>
      `<path d="M94 200C118 160 168 140 232 142C250 142 256 160 240 162C186 160 140 172 116 200Z" fill="${k.ac}"/>` +
      `<path d="M108 200C134 170 176 152 236 152" stroke="${k.acD}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>` +
      `<circle cx="300" cy="180" r="2" fill="${k.line}"/><circle cx="312" cy="184" r="2" fill="${k.line}"/><circle cx="324" cy="188" r="2" fill="${k.line}"/><circle cx="306" cy="190" r="2" fill="${k.line}"/><circle cx="318" cy="194" r="2" fill="${k.line}"/>`,
    soleDetail: (k) =>
      `<path d="M58 206L364 208" stroke="${k.ac}" stroke-width="3" fill="none"/><path d="M292 197C330 197 358 200 363 214" stroke="${k.soD}" stroke-width="2" fill="none"/>`,
    bow: true,
  },
  // 3: chunky trainer, thick layered wavy midsole, suede overlays.
  {
    upper:
      'M64 178C54 146 56 116 68 96C74 88 84 88 92 92C110 102 132 106 152 96L170 86C200 112 246 138 288 150C324 158 352 170 356 186L64 186Z',
    sole: 'M58 166C140 174 250 182 340 178C358 178 366 196 360 210C354 224 336 230 306 230L100 230C72 230 58 222 55 204C53 188 54 176 58 166Z',
    outsole: 220,
    toe: 'M272 146C316 154 352 168 356 186L282 186C270 174 266 158 272 146Z',
    heel: 'M64 178C54 146 56 116 68 96L92 93C98 124 104 152 120 180Z',
    tab: [68, 96],
    collar: 'M68 97C74 88 84 88 92 92C110 102 132 106 152 96',
    throat: [170, 88, 280, 146, 5],
    detail: (k) =>
      `<path d="M120 180C150 150 190 128 230 128C250 128 264 140 262 160C240 150 210 156 186 178Z" fill="${k.ac}"/>` +
      `<path d="M96 120C130 130 170 118 196 104" stroke="${k.upD}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    soleDetail: (k) =>
      `<path d="M58 190C90 182 110 200 140 192C170 184 190 202 220 194C250 186 270 204 300 196C320 190 340 198 358 192L360 200C340 206 320 198 300 204C270 212 250 194 220 202C190 210 170 192 140 200C110 208 90 190 58 198Z" fill="${k.ac}"/>`,
    bow: true,
  },
  // 4: trail runner, lugged outsole, rubber toe bumper, mudguard.
  {
    upper:
      'M62 184C54 150 56 120 68 100C74 93 82 92 89 97C106 108 128 112 150 102L168 92C198 114 246 140 290 152C326 160 352 172 356 190L62 190Z',
    sole: 'M58 176C140 184 250 190 338 186C356 186 364 198 356 210C346 220 326 224 304 224L300 224L298 229L282 229L280 224L266 224L264 229L248 229L246 224L232 224L230 229L214 229L212 224L198 224L196 229L180 229L178 224L164 224L162 229L146 229L144 224L130 224L128 229L112 229L110 224L100 224C76 224 60 218 56 204C55 194 55 184 58 176Z',
    outsole: 212,
    toe: 'M284 150C322 158 352 172 356 190L300 190C292 176 286 164 284 150Z',
    heel: 'M62 184C54 150 56 120 68 100L88 97C94 128 98 156 110 186Z',
    tab: [68, 100],
    collar: 'M67 101C74 93 82 92 89 97C106 108 128 112 150 102',
    throat: [168, 94, 284, 150, 5],
    detail: (k) =>
      `<path d="M62 190L62 170C120 178 200 176 250 166C280 160 300 158 320 172L356 190Z" fill="${k.upD}"/>` +
      `<path d="M140 190C150 160 168 130 186 104L222 124C204 146 190 168 184 190Z" fill="${k.ac}"/>` +
      `<path d="M146 186C156 160 172 134 188 112M178 186C184 166 198 144 214 128" stroke="${k.acD}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>` +
      `<path d="M300 190C300 176 312 164 330 170C346 176 356 184 356 190Z" fill="${k.acD}"/>`,
    soleDetail: (k) =>
      `<path d="M64 196C140 202 230 202 320 196" stroke="${k.ac}" stroke-width="3" fill="none"/>`,
    bow: false,
  },
];

/** How many drawing variants `style` selects from (taken modulo this). */
export const SNEAKER_STYLES: number = STYLES.length;

const f = (n: number) => Math.round(n * 10) / 10;

function throat(s: Style, k: Ink): { tongue: string; laces: string } {
  const [x1, y1, x2, y2, n] = s.throat;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  // normal pointing down and back, into the upper
  const nx = -uy;
  const ny = ux;
  const start = 0.1;
  const step = 0.8 / (n - 1);
  let bars = '';
  let holes = '';
  const p = (t: number, off: number): [number, number] => [x1 + dx * t + nx * off, y1 + dy * t + ny * off];
  const [ax, ay] = p(0.02, 0);
  const [bx, by] = p(1, 0);
  const [cx, cy] = p(1, 18);
  const [dx2, dy2] = p(0.02, 18);
  const eyestay = `<path d="M${f(ax)} ${f(ay)}L${f(bx)} ${f(by)}L${f(cx)} ${f(cy)}L${f(dx2)} ${f(dy2)}Z" fill="${k.upD}"/>`;
  for (let i = 0; i < n; i++) {
    const t = start + step * i;
    const [ex, ey] = p(t, 10);
    const [tx, ty] = p(t + step * 0.55, -9);
    bars += `M${f(ex)} ${f(ey)}L${f(tx)} ${f(ty)}`;
    holes += `<circle cx="${f(ex)}" cy="${f(ey)}" r="3.2" fill="${k.laD}" stroke="${k.so}" stroke-width="1.5"/>`;
  }
  const [t1x, t1y] = p(1.02, 3);
  const [t3x, t3y] = p(0.7, -10);
  const [t2x, t2y] = p(0.14, -13);
  const tongue =
    `<path d="M${f(t1x)} ${f(t1y)}L${f(t3x)} ${f(t3y)}L${f(t2x)} ${f(t2y)}C${f(t2x - 3)} ${f(t2y - 12)} ${x1 + 6} ${y1 - 30} ${x1 - 4} ${y1 - 30}` +
    `C${x1 - 16} ${y1 - 30} ${x1 - 22} ${y1 - 14} ${x1 - 22} ${y1 + 12}Z" fill="${k.upL}" stroke="${k.line}" stroke-width="1.6"/>` +
    `<path d="M${x1 - 12} ${y1 - 20}l10 2l-2 10l-10 -2Z" fill="${k.ac}"/>`;
  let bow = '';
  if (s.bow) {
    const [qx, qy] = p(start, -4);
    bow =
      `<g fill="none" stroke-linecap="round" stroke-width="4" stroke="${k.la}">` +
      `<path d="M${f(qx)} ${f(qy)}c-14 -10 -26 -6 -20 4c4 6 14 2 20 -4c-2 -14 8 -22 14 -14c4 6 -4 12 -14 14"/>` +
      `<path d="M${f(qx)} ${f(qy)}c-6 10 -16 22 -12 36M${f(qx)} ${f(qy)}c4 12 2 24 -4 34"/></g>`;
  }
  return {
    tongue,
    laces:
      eyestay +
      `<path d="${bars}" stroke="${k.laD}" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="${bars}" stroke="${k.la}" stroke-width="4.5" stroke-linecap="round"/>` +
      holes +
      bow,
  };
}

function heelTab([x, y]: [number, number], k: Ink): string {
  return (
    `<path d="M${x - 5} ${y + 16}C${x - 11} ${y} ${x - 10} ${y - 14} ${x - 4} ${y - 19}C${x + 2} ${y - 23} ${x + 10} ${y - 20} ${x + 10} ${y - 13}L${x + 9} ${y + 6}Z" fill="${k.ac}" stroke="${k.line}" stroke-width="1.6"/>` +
    `<path d="M${x - 3} ${y - 4}C${x - 4} ${y - 10} ${x - 1} ${y - 14} ${x + 3} ${y - 14}C${x + 5} ${y - 14} ${x + 5} ${y - 10} ${x + 5} ${y - 6}Z" fill="${k.acD}"/>`
  );
}

/** The SVG text of one sneaker picture (4:3 viewBox 400 x 300). */
export function sneakerSvg(palette: SneakerPalette, style: number, width = 800, height = 600): string {
  const idx = ((Math.trunc(style) % STYLES.length) + STYLES.length) % STYLES.length;
  const s = STYLES[idx] as Style;
  const k = inks(palette);
  const bg = palette.background;
  const th = throat(s, k);
  const edge = `stroke="${k.line}" stroke-width="1.6" stroke-linejoin="round"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid meet">` +
    `<defs>` +
    `<radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${tint(bg, 0.55)}"/><stop offset="1" stop-color="${bg}"/></radialGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset=".6" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="gl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>` +
    `<clipPath id="cu"><path d="${s.upper}"/></clipPath>` +
    `<clipPath id="cs"><path d="${s.sole}"/></clipPath>` +
    `</defs>` +
    `<rect width="400" height="300" fill="url(#bg)"/>` +
    `<ellipse cx="208" cy="${s.outsole + 14}" rx="170" ry="13" fill="url(#sh)"/>` +
    th.tongue +
    `<path d="${s.upper}" fill="${k.up}"/>` +
    `<g clip-path="url(#cu)">` +
    `<path d="${s.toe}" fill="${k.upD}"/>` +
    s.detail(k) +
    `<path d="${s.heel}" fill="${k.ac}"/>` +
    `<path d="${s.upper}" fill="url(#gl)"/>` +
    `</g>` +
    `<path d="${s.collar}" stroke="${k.upD}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="${s.upper}" fill="none" ${edge}/>` +
    heelTab(s.tab, k) +
    th.laces +
    `<path d="${s.sole}" fill="${k.so}"/>` +
    `<g clip-path="url(#cs)">` +
    s.soleDetail(k) +
    `<rect x="40" y="${s.outsole}" width="340" height="30" fill="${k.soD}"/>` +
    `<path d="M60 ${s.outsole + 6}H360" stroke="${k.so}" stroke-width="2" stroke-dasharray="6 5" opacity=".7"/>` +
    `</g>` +
    `<path d="${s.sole}" fill="none" ${edge}/>` +
    `</svg>`
  );
}

/** Renders the sneaker to a WebP of width x (width * 3 / 4) pixels. */
export async function sneakerWebp(palette: SneakerPalette, style: number, width: number): Promise<Buffer> {
  const w = Math.max(8, Math.round(width));
  const h = Math.round((w * 3) / 4);
  const svg = sneakerSvg(palette, style, w, h);
  return sharp(Buffer.from(svg), { density: 72 }).resize(w, h).webp({ quality: 80 }).toBuffer();
}

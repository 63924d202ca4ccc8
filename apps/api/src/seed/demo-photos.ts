import type { BodyType } from '@autoreel/core';
import type { DemoShape } from './demo-shapes.ts';

/**
 * The demo catalogue's photos, drawn: there is no camera and no network where the demo seeds, so each view is an
 * SVG drawing of the car's body type in its exterior colour (or of the cabin in its interior colour), rendered
 * by sharp and sent through the same photo pipeline as an upload. Flat shapes on a soft background: enough for
 * the gallery, the thumbnails and the viewer to have real, different pictures to show.
 */
/** The side view first: it is the cover (poster), the one view that shows a car's whole shape. */
export const DEMO_PHOTO_VIEWS = ['side', 'front', 'rear', 'interior', 'dashboard'] as const;
export type DemoPhotoView = (typeof DEMO_PHOTO_VIEWS)[number];

/**
 * Drawn at 800 x 500 (16:10 like the cards) and rendered at 640 x 400, the cards' own box: two renditions per
 * format (320 and 640) keep the few hundred demo photos of a first start within seconds, not minutes.
 */
const W = 800;
const H = 500;
export const DEMO_PHOTO_WIDTH = 640;

/** A side profile: x from the front bumper (left) to the rear one, y from the top of the picture. */
interface Profile {
  /** Bumper-to-bumper length and the height of the body's lower edge above the ground. */
  length: number;
  sill: number;
  /** Top of the bonnet at the front, the belt line under the windows, top of the boot at the rear. */
  bonnet: number;
  belt: number;
  tail: number;
  /** The roof's height, and where the windscreen and the rear window meet the belt and the roof (0..1 of length). */
  roof: number;
  screenBase: number;
  screenTop: number;
  rearTop: number;
  rearBase: number;
  wheel: number;
  /** A pick-up's open bed behind the cab; a convertible's missing roof. */
  bed?: boolean;
  open?: boolean;
}

const PROFILES: Record<BodyType, Profile> = {
  Sedan: {
    length: 600,
    sill: 46,
    bonnet: 118,
    belt: 132,
    tail: 124,
    roof: 205,
    screenBase: 0.3,
    screenTop: 0.44,
    rearTop: 0.7,
    rearBase: 0.82,
    wheel: 44,
  },
  SUV: {
    length: 590,
    sill: 60,
    bonnet: 150,
    belt: 162,
    tail: 160,
    roof: 250,
    screenBase: 0.26,
    screenTop: 0.36,
    rearTop: 0.92,
    rearBase: 0.97,
    wheel: 52,
  },
  Hatchback: {
    length: 520,
    sill: 48,
    bonnet: 122,
    belt: 136,
    tail: 132,
    roof: 212,
    screenBase: 0.3,
    screenTop: 0.45,
    rearTop: 0.86,
    rearBase: 0.97,
    wheel: 44,
  },
  Coupe: {
    length: 580,
    sill: 42,
    bonnet: 106,
    belt: 120,
    tail: 116,
    roof: 182,
    screenBase: 0.33,
    screenTop: 0.5,
    rearTop: 0.64,
    rearBase: 0.86,
    wheel: 44,
  },
  Convertible: {
    length: 570,
    sill: 42,
    bonnet: 106,
    belt: 120,
    tail: 116,
    roof: 160,
    screenBase: 0.34,
    screenTop: 0.42,
    rearTop: 0.42,
    rearBase: 0.42,
    wheel: 44,
    open: true,
  },
  Wagon: {
    length: 620,
    sill: 46,
    bonnet: 120,
    belt: 134,
    tail: 132,
    roof: 210,
    screenBase: 0.28,
    screenTop: 0.42,
    rearTop: 0.93,
    rearBase: 0.98,
    wheel: 44,
  },
  Truck: {
    length: 640,
    sill: 66,
    bonnet: 160,
    belt: 170,
    tail: 156,
    roof: 258,
    screenBase: 0.28,
    screenTop: 0.38,
    rearTop: 0.55,
    rearBase: 0.56,
    wheel: 54,
    bed: true,
  },
};

/**
 * A segment's proportions over its body type's: shorter and taller for a city car, lower on bigger wheels for a hot
 * hatch or a sports car, upright and high for an off-roader, the cab's length for a bakkie. Lengths stay within the
 * picture (800 wide).
 */
const SHAPE_TWEAKS: Readonly<Record<DemoShape, (p: Profile) => Profile>> = {
  standard: (p) => p,
  city: (p) => ({
    ...p,
    length: p.length * 0.86,
    roof: p.roof + 8,
    wheel: p.wheel - 6,
    screenBase: p.screenBase - 0.02,
  }),
  hot: (p) => ({ ...p, sill: p.sill - 8, roof: p.roof - 10, belt: p.belt - 4, wheel: p.wheel + 5 }),
  compact: (p) => ({ ...p, length: p.length * 0.9, roof: p.roof + 4, wheel: p.wheel - 4 }),
  executive: (p) => ({
    ...p,
    length: p.length * 1.1,
    roof: p.roof + 4,
    wheel: p.wheel + 4,
    rearTop: p.rearTop + 0.03,
  }),
  crossover: (p) => ({
    ...p,
    length: p.length * 0.9,
    sill: p.sill - 8,
    bonnet: p.bonnet - 14,
    belt: p.belt - 12,
    tail: p.tail - 12,
    roof: p.roof - 22,
    wheel: p.wheel - 4,
  }),
  large: (p) => ({
    ...p,
    length: p.length * 1.08,
    roof: p.roof + 10,
    bonnet: p.bonnet + 6,
    wheel: p.wheel + 2,
  }),
  'off-road': (p) => ({
    ...p,
    sill: p.sill + 12,
    bonnet: p.bonnet + 12,
    belt: p.belt + 10,
    tail: p.tail + 14,
    roof: p.roof + 16,
    screenTop: p.screenBase + 0.05,
    rearTop: 0.96,
    rearBase: 0.98,
    wheel: p.wheel + 6,
  }),
  'single-cab': (p) => ({ ...p, screenTop: 0.35, rearTop: 0.45, rearBase: 0.46 }),
  'extended-cab': (p) => ({ ...p, screenTop: 0.36, rearTop: 0.5, rearBase: 0.51 }),
  sports: (p) => ({
    ...p,
    sill: p.sill - 6,
    bonnet: p.bonnet - 10,
    belt: p.belt - 8,
    tail: p.tail - 6,
    roof: p.roof - 16,
    wheel: p.wheel + 3,
  }),
};

const GROUND = 400;
const GLASS = '#24323f';

/** A darker or lighter shade of '#RRGGBB' (amount -1..1), for panels and highlights. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(next).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Paint with light from above: a highlight on the shoulder, the colour itself, a darker sill. */
function paint(hex: string): string {
  return (
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(hex, 0.35)}"/>` +
    `<stop offset="0.45" stop-color="${hex}"/><stop offset="1" stop-color="${shade(hex, -0.45)}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b7186"/>` +
    `<stop offset="0.5" stop-color="${GLASS}"/><stop offset="1" stop-color="#101820"/></linearGradient>`
  );
}

function scene(content: string, hex = '#888888', sky = '#dfe9f3', floor = '#b9bec4'): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/>` +
    `<stop offset="1" stop-color="#ffffff"/></linearGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(floor, 0.2)}"/>` +
    `<stop offset="1" stop-color="${shade(floor, -0.2)}"/></linearGradient>${paint(hex)}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="${GROUND - 30}" width="${W}" height="${H - GROUND + 30}" fill="url(#floor)"/>` +
    `${content}</svg>`
  );
}

/** A tyre with an alloy rim: five spokes around a hub. */
function wheel(cx: number, r: number): string {
  const cy = GROUND - r;
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (Math.PI * 2 * i) / 5;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * r * 0.55).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 0.55).toFixed(1)}" stroke="#c9ced3" stroke-width="${(r * 0.14).toFixed(1)}"/>`;
  }).join('');
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1b1b"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#3a3f44" stroke="#d7dbdf" stroke-width="3"/>` +
    spokes +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.14}" fill="#8a9096"/>`
  );
}

/** The car seen from its left side, front to the left, drawn from its body type's profile. */
function sideCar(p: Profile, hex: string): string {
  const x0 = (W - p.length) / 2;
  const x = (t: number) => x0 + p.length * t;
  const y = (h: number) => GROUND - h;
  const body =
    `M${x(0)},${y(p.sill + 10)} Q${x(0)},${y(p.bonnet - 8)} ${x(0.04)},${y(p.bonnet)} L${x(p.screenBase)},${y(p.belt)} ` +
    `L${x(p.bed ? p.rearBase : 0.96)},${y(p.bed ? p.belt : p.tail)} L${x(1)},${y(p.tail)} L${x(1)},${y(p.sill + 8)} ` +
    `Q${x(1)},${y(p.sill)} ${x(0.97)},${y(p.sill)} L${x(0.03)},${y(p.sill)} Z`;
  const cabinEnd = p.bed ? p.rearBase : p.rearBase;
  const greenhouse = p.open
    ? `<path d="M${x(p.screenBase)},${y(p.belt)} L${x(p.screenTop)},${y(p.roof)} L${x(p.screenTop + 0.02)},${y(p.roof)} L${x(p.screenBase + 0.04)},${y(p.belt)} Z" fill="url(#glass)"/>`
    : `<path d="M${x(p.screenBase)},${y(p.belt)} L${x(p.screenTop)},${y(p.roof)} L${x(p.rearTop)},${y(p.roof)} L${x(cabinEnd)},${y(p.belt)} Z" fill="url(#paint)"/>` +
      `<path d="M${x(p.screenBase + 0.03)},${y(p.belt + 4)} L${x(p.screenTop + 0.01)},${y(p.roof - 10)} ` +
      `L${x(p.rearTop - 0.01)},${y(p.roof - 10)} L${x(cabinEnd - 0.03)},${y(p.belt + 4)} Z" fill="url(#glass)"/>` +
      `<rect x="${x((p.screenTop + p.rearTop) / 2) - 4}" y="${y(p.roof - 10)}" width="8" height="${p.roof - p.belt - 14}" fill="url(#paint)"/>`;
  const bed = p.bed
    ? `<rect x="${x(p.rearBase) + 6}" y="${y(p.belt + 4)}" width="${x(1) - x(p.rearBase) - 10}" height="8" fill="${shade(hex, -0.35)}"/>`
    : '';
  const front = 0.17;
  const rear = 0.82;
  return (
    `<ellipse cx="${W / 2}" cy="${GROUND + 4}" rx="${p.length * 0.52}" ry="16" fill="#000" opacity="0.18"/>` +
    greenhouse +
    `<path d="${body}" fill="url(#paint)"/>` +
    `<path d="M${x(0.02)},${y(p.sill + 20)} L${x(0.98)},${y(p.sill + 20)}" stroke="${shade(hex, -0.3)}" stroke-width="3"/>` +
    bed +
    `<rect x="${x(0.005)}" y="${y(p.bonnet - 14)}" width="22" height="10" rx="3" fill="#fff6c8"/>` +
    `<rect x="${x(1) - 14}" y="${y(p.tail - 16)}" width="14" height="12" rx="2" fill="#c62828"/>` +
    `<rect x="${x(0.45)}" y="${y(p.belt - 18)}" width="26" height="5" rx="2" fill="${shade(hex, -0.4)}"/>` +
    wheel(x(front), p.wheel) +
    wheel(x(rear), p.wheel)
  );
}

/** The car's face, head-on: glass and roof above the bonnet, headlights either side of the grille, the tyres below. */
function frontView(p: Profile, hex: string): string {
  const width = 420 + (p.roof - 180) * 0.6;
  const x0 = (W - width) / 2;
  const bonnet = GROUND - p.bonnet;
  const roof = GROUND - p.roof;
  const inset = width * 0.15;
  const cabin = p.open
    ? `<path d="M${x0 + inset},${bonnet} L${x0 + inset + 16},${roof + 34} L${x0 + width - inset - 16},${roof + 34} L${x0 + width - inset},${bonnet} Z" fill="url(#glass)" opacity="0.8"/>`
    : `<path d="M${x0 + 20},${bonnet} L${x0 + inset},${roof} L${x0 + width - inset},${roof} L${x0 + width - 20},${bonnet} Z" fill="url(#paint)"/>` +
      `<path d="M${x0 + 40},${bonnet - 4} L${x0 + inset + 10},${roof + 10} L${x0 + width - inset - 10},${roof + 10} L${x0 + width - 40},${bonnet - 4} Z" fill="url(#glass)"/>`;
  const lamp = (x: number) =>
    `<rect x="${x}" y="${bonnet + 16}" width="86" height="26" rx="10" fill="#f4f1de" stroke="${shade(hex, -0.5)}" stroke-width="3"/>` +
    `<circle cx="${x + 24}" cy="${bonnet + 29}" r="8" fill="#fffbe6"/><circle cx="${x + 60}" cy="${bonnet + 29}" r="8" fill="#fffbe6"/>`;
  const mirror = (x: number) =>
    `<rect x="${x}" y="${bonnet - 22}" width="34" height="20" rx="6" fill="${shade(hex, -0.2)}"/>`;
  return scene(
    `<ellipse cx="${W / 2}" cy="${GROUND + 4}" rx="${width * 0.62}" ry="16" fill="#000" opacity="0.22"/>` +
      `<rect x="${x0 + 8}" y="${GROUND - p.sill - 6}" width="58" height="${p.sill + 6}" rx="8" fill="#1b1b1b"/>` +
      `<rect x="${x0 + width - 66}" y="${GROUND - p.sill - 6}" width="58" height="${p.sill + 6}" rx="8" fill="#1b1b1b"/>` +
      cabin +
      mirror(x0 - 22) +
      mirror(x0 + width - 12) +
      `<rect x="${x0 - 8}" y="${bonnet}" width="${width + 16}" height="${p.bonnet - p.sill}" rx="20" fill="url(#paint)"/>` +
      lamp(x0 + 10) +
      lamp(x0 + width - 96) +
      `<rect x="${W / 2 - width * 0.2}" y="${bonnet + 14}" width="${width * 0.4}" height="${(p.bonnet - p.sill) * 0.4}" rx="8" fill="#1d1d1d"/>` +
      Array.from(
        { length: 4 },
        (_, i) =>
          `<rect x="${W / 2 - width * 0.18}" y="${bonnet + 22 + i * 9}" width="${width * 0.36}" height="3" fill="#4a4a4a"/>`,
      ).join('') +
      `<rect x="${W / 2 - 40}" y="${GROUND - p.sill - 34}" width="80" height="18" fill="#f4f4f4" stroke="#333"/>` +
      `<rect x="${x0 - 4}" y="${GROUND - p.sill - 12}" width="${width + 8}" height="12" rx="5" fill="${shade(hex, -0.55)}"/>`,
    hex,
  );
}

function rearView(p: Profile, hex: string): string {
  const width = 420 + (p.roof - 180) * 0.6;
  const x0 = (W - width) / 2;
  const belt = GROUND - p.belt;
  const roof = GROUND - p.roof;
  const inset = width * 0.16;
  const cabin = p.open
    ? `<path d="M${x0 + inset},${belt} L${x0 + inset + 20},${roof + 30} L${x0 + width - inset - 20},${roof + 30} L${x0 + width - inset},${belt} Z" fill="url(#glass)" opacity="0.5"/>`
    : `<path d="M${x0 + 24},${belt} L${x0 + inset},${roof} L${x0 + width - inset},${roof} L${x0 + width - 24},${belt} Z" fill="url(#paint)"/>` +
      `<path d="M${x0 + 46},${belt - 6} L${x0 + inset + 12},${roof + 12} L${x0 + width - inset - 12},${roof + 12} L${x0 + width - 46},${belt - 6} Z" fill="url(#glass)"/>`;
  return scene(
    `<ellipse cx="${W / 2}" cy="${GROUND + 4}" rx="${width * 0.6}" ry="16" fill="#000" opacity="0.18"/>` +
      cabin +
      `<rect x="${x0 - 10}" y="${belt}" width="${width + 20}" height="${p.belt - p.sill}" rx="18" fill="url(#paint)"/>` +
      `<rect x="${x0 + 4}" y="${belt + 18}" width="70" height="22" rx="6" fill="#c62828"/>` +
      `<rect x="${x0 + width - 74}" y="${belt + 18}" width="70" height="22" rx="6" fill="#c62828"/>` +
      `<rect x="${W / 2 - 50}" y="${belt + 40}" width="100" height="26" fill="#f4f4f4" stroke="#333"/>` +
      `<rect x="${x0 - 6}" y="${GROUND - p.sill - 22}" width="${width + 12}" height="20" rx="8" fill="${shade(hex, -0.45)}"/>` +
      `<rect x="${x0 + 10}" y="${GROUND - p.sill}" width="56" height="${p.sill}" rx="8" fill="#1b1b1b"/>` +
      `<rect x="${x0 + width - 66}" y="${GROUND - p.sill}" width="56" height="${p.sill}" rx="8" fill="#1b1b1b"/>`,
    hex,
  );
}

/** The cabin from the back seat: both front seats in the interior colour, the dashboard and the wheel. */
function interiorView(hex: string): string {
  const seat = (cx: number) =>
    `<rect x="${cx - 95}" y="250" width="190" height="230" rx="40" fill="${hex}"/>` +
    `<rect x="${cx - 70}" y="190" width="140" height="70" rx="28" fill="${shade(hex, 0.12)}"/>` +
    `<path d="M${cx - 60},300 L${cx + 60},300 M${cx - 60},350 L${cx + 60},350" stroke="${shade(hex, -0.25)}" stroke-width="6"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#cfd8e3"/><path d="M0,0 L${W},0 L${W},170 Q${W / 2},120 0,170 Z" fill="#e9eef4"/>` +
    `<path d="M0,170 Q${W / 2},120 ${W},170 L${W},260 L0,260 Z" fill="#2a2a2a"/>` +
    `<circle cx="250" cy="215" r="62" fill="none" stroke="#111" stroke-width="16"/>` +
    `<rect x="${W / 2 - 55}" y="180" width="110" height="60" rx="6" fill="#0d2238"/>` +
    seat(250) +
    seat(550) +
    `<rect x="${W / 2 - 40}" y="330" width="80" height="170" rx="10" fill="${shade(hex, -0.35)}"/></svg>`
  );
}

/** The dashboard close up: two dials, the centre screen and the wheel's rim, trimmed in the interior colour. */
function dashboardView(hex: string): string {
  const dial = (cx: number) =>
    `<circle cx="${cx}" cy="230" r="78" fill="#0c0c0c" stroke="#8a8f96" stroke-width="6"/>` +
    `<path d="M${cx},230 L${cx + 48},190" stroke="#e53935" stroke-width="6" stroke-linecap="round"/>` +
    Array.from({ length: 9 }, (_, i) => {
      const a = Math.PI * (0.8 + (i * 1.4) / 8);
      return `<circle cx="${(cx + Math.cos(a) * 62).toFixed(1)}" cy="${(230 + Math.sin(a) * 62).toFixed(1)}" r="4" fill="#fff"/>`;
    }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#1f1f1f"/><rect y="360" width="${W}" height="140" fill="${hex}"/>` +
    `<rect x="60" y="120" width="${W - 120}" height="220" rx="30" fill="#2d2d2d"/>` +
    dial(230) +
    dial(570) +
    `<rect x="330" y="170" width="140" height="110" rx="8" fill="#0d2238"/><rect x="345" y="185" width="110" height="14" rx="3" fill="#4fc3f7"/>` +
    `<rect x="345" y="210" width="70" height="10" rx="3" fill="#8fd3f7"/>` +
    `<path d="M140,500 Q${W / 2},330 ${W - 140},500" fill="none" stroke="#111" stroke-width="36"/>` +
    `<rect x="${W / 2 - 60}" y="400" width="120" height="60" rx="14" fill="${shade(hex, -0.3)}"/></svg>`
  );
}

/**
 * The SVG of an exterior view of a body type in a colour. The side view, the cover that cards and the feed show, is
 * drawn in the car's segment; the front and the rear, which show a body's width more than its proportions, in its
 * body type's, so a first start renders a few more drawings rather than twice as many.
 */
export function exteriorSvg(
  view: 'front' | 'side' | 'rear',
  bodyType: BodyType,
  hex: string,
  shape: DemoShape = 'standard',
): string {
  const profile = PROFILES[bodyType];
  if (view === 'front') return frontView(profile, hex);
  if (view === 'rear') return rearView(profile, hex);
  return scene(sideCar(SHAPE_TWEAKS[shape](profile), hex), hex);
}

/** The SVG of a cabin view in an interior colour. */
export function interiorSvg(view: 'interior' | 'dashboard', hex: string): string {
  return view === 'interior' ? interiorView(hex) : dashboardView(hex);
}

import sharp from 'sharp';

/**
 * The demo catalogue's pictures, drawn here rather than downloaded: a product's silhouette in
 * its colour on a light background, with its name underneath, rendered from SVG to PNG by sharp.
 * They then go through the same upload path as a merchant's photos.
 */

const SIDE = 600;

/** Silhouettes in a 600 × 600 box, the name below y = 500. `{c}` is the colour, `{d}` a shade. */
const SHAPES = {
  playera:
    '<path fill="{c}" d="M190 110 L250 85 Q300 120 350 85 L410 110 L480 185 L425 225 L405 205 L405 450 L195 450 L195 205 L175 225 L120 185 Z"/>',
  sudadera:
    '<path fill="{c}" d="M190 110 L250 85 Q300 125 350 85 L410 110 L490 390 L445 405 L405 250 L405 450 L195 450 L195 250 L155 405 L110 390 Z"/><path fill="{d}" d="M240 95 Q300 10 360 95 Q300 70 240 95 Z"/>',
  pantalon: '<path fill="{c}" d="M200 90 L400 90 L425 460 L335 460 L300 220 L265 460 L175 460 Z"/>',
  tenis:
    '<path fill="{c}" d="M120 330 Q125 225 190 215 L250 245 Q290 270 340 285 L440 310 Q495 325 490 370 L120 370 Z"/><rect fill="{d}" x="115" y="370" width="380" height="30" rx="12"/>',
  gorra:
    '<path fill="{c}" d="M170 320 Q180 160 300 150 Q420 160 430 320 Z"/><path fill="{d}" d="M170 320 L500 320 Q515 350 470 360 L170 345 Z"/>',
  gorro:
    '<path fill="{c}" d="M185 370 Q185 170 300 150 Q415 170 415 370 Z"/><rect fill="{d}" x="175" y="350" width="250" height="60" rx="16"/><circle fill="{d}" cx="300" cy="140" r="36"/>',
  bufanda:
    '<path fill="{c}" d="M180 150 Q300 200 420 150 L420 215 Q300 265 180 215 Z"/><path fill="{d}" d="M355 200 L405 450 L340 450 L310 225 Z"/>',
  calcetines:
    '<path fill="{c}" d="M240 100 L340 100 L340 320 Q340 350 375 365 L445 400 Q475 430 440 460 L335 445 Q250 415 240 355 Z"/><rect fill="{d}" x="240" y="100" width="100" height="40"/>',
  audifonos:
    '<path fill="none" stroke="{c}" stroke-width="32" d="M185 320 Q185 120 300 120 Q415 120 415 320"/><rect fill="{d}" x="150" y="285" width="75" height="130" rx="24"/><rect fill="{d}" x="375" y="285" width="75" height="130" rx="24"/>',
  bocina:
    '<rect fill="{c}" x="200" y="100" width="200" height="350" rx="36"/><circle fill="{d}" cx="300" cy="200" r="48"/><circle fill="{d}" cx="300" cy="345" r="72"/>',
  cargador:
    '<rect fill="{c}" x="225" y="170" width="150" height="210" rx="24"/><rect fill="{d}" x="255" y="110" width="22" height="60"/><rect fill="{d}" x="323" y="110" width="22" height="60"/><rect fill="{d}" x="280" y="330" width="40" height="18" rx="6"/>',
  cable:
    '<path fill="none" stroke="{c}" stroke-width="18" stroke-linecap="round" d="M160 140 Q460 140 300 300 Q140 460 440 450"/><rect fill="{d}" x="120" y="120" width="60" height="40" rx="8"/><rect fill="{d}" x="420" y="430" width="60" height="40" rx="8"/>',
  teclado: `<rect fill="{c}" x="90" y="200" width="420" height="170" rx="18"/>${Array.from(
    { length: 4 },
    (_, row) =>
      Array.from(
        { length: 10 },
        (_, key) =>
          `<rect fill="{d}" x="${108 + key * 39}" y="${218 + row * 36}" width="31" height="28" rx="5"/>`,
      ).join(''),
  ).join('')}`,
  mouse:
    '<ellipse fill="{c}" cx="300" cy="290" rx="105" ry="165"/><path stroke="{d}" stroke-width="8" d="M300 125 L300 240"/>',
  reloj:
    '<rect fill="{d}" x="255" y="80" width="90" height="400" rx="28"/><rect fill="{c}" x="215" y="190" width="170" height="180" rx="36"/>',
  taza: '<rect fill="{c}" x="190" y="170" width="190" height="250" rx="18"/><path fill="none" stroke="{c}" stroke-width="26" d="M380 225 Q460 225 460 295 Q460 365 380 365"/>',
  vaso: '<path fill="{c}" d="M215 130 L385 130 L360 460 L240 460 Z"/><rect fill="{d}" x="205" y="100" width="190" height="40" rx="10"/>',
  mochila:
    '<path fill="none" stroke="{d}" stroke-width="18" d="M250 150 Q300 70 350 150"/><rect fill="{c}" x="180" y="140" width="240" height="320" rx="50"/><rect fill="{d}" x="220" y="320" width="160" height="100" rx="20"/>',
  lampara:
    '<path fill="{c}" d="M300 90 L400 220 L200 220 Z"/><rect fill="{d}" x="290" y="220" width="20" height="210"/><ellipse fill="{c}" cx="300" cy="440" rx="110" ry="22"/>',
  bolsa:
    '<path fill="{c}" d="M210 130 L390 130 L410 460 L190 460 Z"/><rect fill="#ffffff" opacity="0.85" x="235" y="250" width="130" height="110" rx="10"/>',
} as const;
export type DemoShape = keyof typeof SHAPES;

/** Light backgrounds the pictures of one product take in turn. */
const BACKGROUNDS = ['#f4f1ea', '#eaf0f4', '#f2eef6'];

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A darker shade of a #rrggbb colour, for the parts drawn over it. */
const shade = (hex: string) =>
  `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.7))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;

/** One picture: the shape in `color` on the `index`-th background, the name underneath. */
export function demoImageSvg(shape: DemoShape, color: string, name: string, index = 0): string {
  const body = SHAPES[shape].replaceAll('{c}', color).replaceAll('{d}', shade(color));
  // Long names get a smaller font so they stay inside the picture.
  const fontSize = Math.min(40, Math.floor(900 / name.length));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">` +
    `<rect width="${SIDE}" height="${SIDE}" fill="${BACKGROUNDS[index % BACKGROUNDS.length]}"/>` +
    body +
    `<text x="300" y="550" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" ` +
    `font-weight="bold" font-size="${fontSize}" fill="#333333">${escapeXml(name)}</text></svg>`
  );
}

/** The PNG bytes of `demoImageSvg`. */
export function renderDemoImage(
  shape: DemoShape,
  color: string,
  name: string,
  index = 0,
): Promise<Buffer> {
  return sharp(Buffer.from(demoImageSvg(shape, color, name, index)))
    .png()
    .toBuffer();
}

/**
 * A brand colour (portal.json's `accentColor`) as Starlight's accent shades for both themes, and whether links in
 * them can be read. Starlight colours links, the site title and the current sidebar entry with
 * `--sl-color-text-accent`: the accent itself in the light theme, `accent-high` in the dark one (its props.css).
 * So the light theme shows the brand colour as given, and the dark theme a light tint of its hue, derived here so
 * that a usual brand colour reads in both; what is checked is what the pages show, against each theme's background
 * and the header's and sidebar's. Plain sRGB maths after WCAG 2.2, no library: four functions.
 */

/** Red, green and blue from 0 to 255. */
type Rgb = readonly [number, number, number];

/** Starlight's three accent shades of one theme, as `#rrggbb`. */
export interface AccentShades {
  low: string;
  accent: string;
  high: string;
}

export interface AccentThemes {
  light: AccentShades;
  dark: AccentShades;
}

/** The surfaces links sit on in each theme (Starlight's props.css: `--sl-color-bg`, `--sl-color-bg-nav`/sidebar). */
export const themeBackgrounds = {
  light: [
    { name: 'background', color: '#ffffff' },
    { name: 'header', color: hslToHex(224, 19, 97) },
  ],
  dark: [
    { name: 'background', color: hslToHex(224, 10, 10) },
    { name: 'header and sidebar', color: hslToHex(224, 14, 16) },
  ],
} as const;

/** WCAG AA for body text. */
export const minimumContrast = 4.5;

/** A CSS hex colour: `#rgb` or `#rrggbb`, either case. */
export const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseHex(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function hexToHsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = parseHex(hex).map((c) => c / 255) as unknown as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: l * 100 };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => 255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return toHex([f(0), f(8), f(4)]);
}

/**
 * The brand colour's shades, after the lightness of Starlight's own (light: high 30 %, low 90 %; dark: low 20 %,
 * high 85 %) in the brand's hue and saturation. The light theme's accent is the brand colour itself, and the dark
 * theme's too (its buttons); a colour already darker than 30 % keeps a high shade darker still.
 */
export function accentThemes(brand: string): AccentThemes {
  const color = toHex(parseHex(brand));
  const { h, s, l } = hexToHsl(color);
  return {
    light: { low: hslToHex(h, s, 92), accent: color, high: hslToHex(h, s, Math.min(30, l * 0.7)) },
    dark: { low: hslToHex(h, Math.min(s, 54), 20), accent: color, high: hslToHex(h, s, 85) },
  };
}

/** The colour links have in each theme: `--sl-color-text-accent`. */
export const linkColors = (themes: AccentThemes) => ({ light: themes.light.accent, dark: themes.dark.high });

/** A theme's links that cannot be read on one of its surfaces. */
export interface ContrastFailure {
  theme: 'light' | 'dark';
  surface: string;
  background: string;
  link: string;
  ratio: number;
}

/** The first surface, light theme first, on which the themes' links fall short of WCAG AA; undefined when none. */
export function contrastFailure(themes: AccentThemes): ContrastFailure | undefined {
  const links = linkColors(themes);
  for (const theme of ['light', 'dark'] as const) {
    for (const { name, color } of themeBackgrounds[theme]) {
      const ratio = contrastRatio(links[theme], color);
      if (ratio < minimumContrast) return { theme, surface: name, background: color, link: links[theme], ratio };
    }
  }
  return undefined;
}

/** What a failure is, in words: `has 1.3:1 contrast against the light theme's background (#ffffff); …`. */
export function contrastProblem(brand: string, failure: ContrastFailure): string {
  // Rounded down: a ratio of 4.47 must not read as the 4.5 it falls short of.
  const ratio = Math.floor(failure.ratio * 10) / 10;
  const derived = failure.link === toHex(parseHex(brand)) ? '' : ` (its ${failure.theme} tint ${failure.link})`;
  const hint = failure.theme === 'light' ? nearestReadable(brand) : undefined;
  return `${brand}${derived} has ${ratio}:1 contrast against the ${failure.theme} theme's ${failure.surface} (${failure.background}); WCAG AA needs ${minimumContrast}:1${hint ? ` (${hint}, a darker shade of it, passes)` : ''}`;
}

/** The lightest shade of the brand's hue, in steps of 1 % lightness, whose links pass in both themes. */
function nearestReadable(brand: string): string | undefined {
  const { h, s, l } = hexToHsl(toHex(parseHex(brand)));
  for (let lightness = Math.floor(l) - 1; lightness >= 0; lightness--) {
    const shade = hslToHex(h, s, lightness);
    if (!contrastFailure(accentThemes(shade))) return shade;
  }
  return undefined;
}

/** The shades as CSS custom properties over Starlight's, for each theme (unlayered, so they win over its layers). */
export function accentStylesheet(themes: AccentThemes): string {
  const block = (selector: string, shades: AccentShades) =>
    `${selector} {\n  --sl-color-accent-low: ${shades.low};\n  --sl-color-accent: ${shades.accent};\n  --sl-color-accent-high: ${shades.high};\n}\n`;
  return (
    block(':root', themes.dark) + block(":root[data-theme='light'],\n[data-theme='light'] ::backdrop", themes.light)
  );
}

/**
 * portal.json's brand and navigation (title, logo, accentColor, navLinks, banner, footer, guides): each bad value is
 * one line at its place in portal.json with what to do; a brand colour is refused when links in it cannot be read in
 * either theme, and usual ones pass; a logo is read only from beside portal.json (or, for x-logo, the description).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiModel } from '../../src/openapi/index.ts';
import { guideOutline } from '../../src/publishing/guide-outline.ts';
import { siteBrand } from '../../src/publishing/site-brand.ts';
import {
  accentThemes,
  contrastFailure,
  contrastRatio,
  linkColors,
  minimumContrast,
  themeBackgrounds,
} from '../../src/site/accent-colors.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { defineSiteConfig } from '../../src/site/site-config.ts';
import { run } from './support/programs.ts';

let dir: string;
let spec: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'brand-'));
  mkdirSync(path.join(dir, 'spec'));
  spec = path.join(dir, 'spec', 'openapi.yaml');
  writeFileSync(spec, tinySpec());
});

/** A one-operation description, with more lines under its `info` and operation. */
const tinySpec = (info = '', operation = '') =>
  `openapi: 3.0.3\ninfo:\n  title: Tiny API\n  version: 1.0.0\n${info}paths:\n  /a:\n    get:\n${operation}      responses:\n        "200": { description: OK }\n`;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What loading `text` as portal.json says (its folder left out of paths), or `valid`. */
function said(text: string): string {
  writeFileSync(path.join(dir, 'spec', 'portal.json'), text);
  try {
    loadPortalConfig(spec, {});
    return 'valid';
  } catch (error) {
    return error instanceof Error ? error.message.replaceAll(`${path.join(dir, 'spec')}/`, '') : String(error);
  }
}

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>\n';

describe('portal.json’s brand keys, when wrong', () => {
  it.each([
    [
      'a misspelt key, with the key it is near',
      '{\n  "cname": true,\n  "titel": "Acme"\n}\n',
      'portal.json:3: titel: unknown key; did you mean "title"?',
    ],
    [
      'a misspelt key inside a link',
      '{\n  "navLinks": [\n    { "label": "Dashboard", "hrf": "/" }\n  ]\n}\n',
      'portal.json:3: navLinks.0.hrf: unknown key; did you mean "href"?',
    ],
    [
      'a misspelt theme of the logo',
      '{\n  "logo": { "light": "a.svg",\n    "drak": "b.svg" }\n}\n',
      'portal.json:3: logo.drak: unknown key; did you mean "dark"?',
    ],
    ['a key near nothing', '{\n  "zzzzzz": 1\n}\n', 'portal.json:2: zzzzzz: unknown key'],
    [
      'a javascript: link',
      '{\n  "navLinks": [\n    { "label": "Dashboard", "href": "javascript:alert(1)" }\n  ]\n}\n',
      'portal.json:3: navLinks.0.href: must be an https:// address or a path on this site such as /guides/errors/',
    ],
    [
      'a link to another site without a scheme',
      '{\n  "footer": [{ "label": "Terms", "href": "//evil.example/" }]\n}\n',
      'portal.json:2: footer.0.href: must be an https:// address',
    ],
    [
      'a plain http link',
      '{\n  "banner": { "text": "Hi", "href": "http://example.org/" }\n}\n',
      'portal.json:2: banner.href: must be an https://',
    ],
    [
      'a banner without text',
      '{\n  "cname": true,\n  "banner": { "href": "/" }\n}\n',
      'portal.json:3: banner.text: is missing',
    ],
    ['a logo that is no image', '{\n  "logo": "logo.txt"\n}\n', 'portal.json:2: logo: must be an image file'],
    [
      'a colour that is no hex colour',
      '{\n  "accentColor": "blue"\n}\n',
      'portal.json:2: accentColor: must be a CSS hex colour',
    ],
    [
      'guides both included and excluded',
      '{\n  "guides": { "include": ["errors"], "exclude": ["versioning"] }\n}\n',
      'portal.json:2: guides: name guides to include or to exclude, not both',
    ],
  ])('is one line at its place: %s', (_, text, message) => {
    const problems = said(text);
    expect(problems).toContain(message);
    expect(problems.split('\n')).toHaveLength(1);
    expect(problems).not.toMatch(/\n\s+at /);
  });

  it('takes site paths and https:// links', () => {
    expect(
      said(
        JSON.stringify({
          title: 'Acme',
          navLinks: [
            { label: 'Dashboard', href: 'https://app.example.org/' },
            { label: 'Errors', href: '/guides/errors/' },
          ],
          banner: { text: 'v2 is out' },
        }),
      ),
    ).toBe('valid');
  });
});

describe('the accent colour', () => {
  it('is refused when its links cannot be read, naming the theme, the ratio and a darker shade that passes', () => {
    const problem = said('{\n  "cname": true,\n  "accentColor": "#ffee00"\n}\n');
    expect(problem).toMatch(
      /^portal\.json:3: accentColor: #ffee00 has 1\.2:1 contrast against the light theme's background \(#ffffff\); WCAG AA needs 4\.5:1 \((#[0-9a-f]{6}), a darker shade of it, passes\)$/,
    );
    const shade = /\((#[0-9a-f]{6}), a darker/.exec(problem)?.[1] ?? '';
    expect(contrastFailure(accentThemes(shade))).toBeUndefined();
  });

  it('names the dark theme when its link colour is what falls short', () => {
    const themes = accentThemes('#0b5fff');
    const failure = contrastFailure({ ...themes, dark: { ...themes.dark, high: '#3a3f4a' } });
    expect(failure).toMatchObject({ theme: 'dark', surface: 'background' });
  });

  it.each(['#0B5FFF', '#111111', '#2e7d32', '#7c3aed'])(
    '%s passes: its links read in both themes, on the page and in the header',
    (brand) => {
      const links = linkColors(accentThemes(brand));
      for (const theme of ['light', 'dark'] as const) {
        for (const { color } of themeBackgrounds[theme]) {
          expect(contrastRatio(links[theme], color), `${theme} on ${color}`).toBeGreaterThanOrEqual(minimumContrast);
        }
      }
      expect(() => defineSiteConfig({ accentColor: brand })).not.toThrow();
    },
  );

  it.each([
    ['#E10098', "light theme's header"],
    ['#FF5A1F', "light theme's background"],
  ])('%s is too light for links on white: refused, saying where', (brand, where) => {
    expect(() => defineSiteConfig({ accentColor: brand })).toThrow(where);
  });

  it('in the dark theme is a light tint of the brand’s hue, not the brand colour itself', () => {
    const themes = accentThemes('#0b5fff');
    expect(themes.light.accent).toBe('#0b5fff');
    expect(themes.dark.high).not.toBe('#0b5fff');
    expect(contrastRatio(themes.dark.high, themeBackgrounds.dark[0].color)).toBeGreaterThan(7);
  });
});

describe('the logo', () => {
  const brandOf = async (portal: object) => {
    writeFileSync(path.join(dir, 'spec', 'portal.json'), JSON.stringify(portal));
    return siteBrand(await loadApiModel(spec), loadPortalConfig(spec, {}), spec);
  };

  it('is the file beside portal.json, its alt text the site’s title', async () => {
    writeFileSync(path.join(dir, 'spec', 'logo.svg'), svg);
    const brand = await brandOf({ title: 'Acme', logo: 'logo.svg' });
    expect(brand.title).toBe('Acme');
    expect(brand.logo).toMatchObject({
      src: expect.stringMatching(/^\.\/\.astro\/brand\/logo-[\w-]+\.svg$/),
      alt: 'Acme',
    });
  });

  it('is refused when it is a symbolic link out of the folder, without being read', async () => {
    writeFileSync(path.join(dir, 'outside.svg'), svg);
    symlinkSync(path.join(dir, 'outside.svg'), path.join(dir, 'spec', 'logo.svg'));
    await expect(brandOf({ logo: 'logo.svg' })).rejects.toThrow(/logo\.svg: it is a symbolic link to a file outside/);
  });

  it('is refused when a path leads out of the folder', async () => {
    writeFileSync(path.join(dir, 'outside.svg'), svg);
    await expect(brandOf({ logo: '../outside.svg' })).rejects.toThrow(/outside\.svg: it is outside/);
  });

  it('is refused, at its line, when an SVG is more than drawing', async () => {
    writeFileSync(
      path.join(dir, 'spec', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg">\n<script>alert(1)</script>\n</svg>\n',
    );
    await expect(brandOf({ logo: 'logo.svg' })).rejects.toThrow(
      /logo\.svg:2: <script> is not allowed in the site's logo/,
    );
  });

  it('is refused when a file named .png is no PNG', async () => {
    writeFileSync(path.join(dir, 'spec', 'logo.png'), '<html>not a picture</html>');
    await expect(brandOf({ logo: 'logo.png' })).rejects.toThrow(/logo\.png: it is not a PNG image\./);
  });

  it('is the description’s x-logo when portal.json names none and it is a file beside the description', async () => {
    writeFileSync(path.join(dir, 'spec', 'brand.svg'), svg);
    writeFileSync(spec, tinySpec('  x-logo:\n    url: brand.svg\n'));
    const brand = await brandOf({});
    expect(brand.logo).toMatchObject({ alt: 'Tiny API', src: expect.stringMatching(/logo-[\w-]+\.svg$/) });
  });

  it('is not an x-logo at an https:// address: the build says so and shows none', async () => {
    writeFileSync(spec, tinySpec('  x-logo:\n    url: https://cdn.example.org/logo.png\n'));
    const brand = await brandOf({});
    expect(brand.logo).toBeUndefined();
    expect(brand.warnings).toEqual([
      expect.stringContaining('info.x-logo: https://cdn.example.org/logo.png is not shown'),
    ]);
  });
});

describe('an x-logo that names no file here', () => {
  it.each([
    ['a file that is not there', 'missing.svg', /missing\.svg does not exist; the site has no logo\./],
    ['a path on the web site Redoc was served from', '/images/logo.png', /is a path on a web site, not a file/],
  ])('is a warning and no logo: %s', async (_, url, warning) => {
    writeFileSync(spec, tinySpec(`  x-logo:\n    url: ${url}\n`));
    const brand = siteBrand(await loadApiModel(spec), loadPortalConfig(spec, {}), spec);
    expect(brand.logo).toBeUndefined();
    expect(brand.warnings).toEqual([expect.stringMatching(warning)]);
  });

  it('is an error when portal.json names it, at the line that names it: the docs team asked for that file', async () => {
    writeFileSync(path.join(dir, 'spec', 'portal.json'), '{ "logo": "missing.svg" }');
    const model = await loadApiModel(spec);
    expect(() => siteBrand(model, loadPortalConfig(spec, {}), spec)).toThrow(
      /portal\.json:1: logo: there is no file "missing\.svg" beside portal\.json\.$/,
    );
    writeFileSync(
      path.join(dir, 'spec', 'portal.json'),
      '{\n  "logo": {\n    "light": "logo.svg",\n    "dark": "logo-dark.svg"\n  }\n}\n',
    );
    writeFileSync(path.join(dir, 'spec', 'logo.svg'), svg);
    expect(() => siteBrand(model, loadPortalConfig(spec, {}), spec)).toThrow(
      /portal\.json:4: logo\.dark: there is no file "logo-dark\.svg" beside portal\.json\.$/,
    );
  });
});

describe('the guides portal.json chooses', () => {
  const outlineOf = async (portal: object) => {
    writeFileSync(path.join(dir, 'spec', 'portal.json'), `{\n  "guides": ${JSON.stringify(portal)}\n}\n`);
    return guideOutline(await loadApiModel(spec), loadPortalConfig(spec, {})).map((guide) => guide.id);
  };

  it('refuses a name that is no guide, with the one it is near, at its line', async () => {
    await expect(outlineOf({ exclude: ['versoning'] })).rejects.toThrow(
      /portal\.json:2: guides\.exclude\.0: "versoning" is not one of the portal's guides; did you mean "versioning"\?/,
    );
  });

  it('refuses an included guide the site cannot ship, saying what it lacks', async () => {
    await expect(outlineOf({ include: ['errors'] })).rejects.toThrow(
      /guides\.include\.0: "errors" cannot ship on this site: it needs the description's errorCatalog/,
    );
  });

  it('ships only the included guides, and all but the excluded ones', async () => {
    writeFileSync(spec, tinySpec('', '      deprecated: true\n'));
    expect(await outlineOf({})).toContain('guides/versioning');
    expect(await outlineOf({ exclude: ['versioning'] })).not.toContain('guides/versioning');
    expect(await outlineOf({ include: ['versioning'] })).toEqual(['guides/versioning']);
  });
});

describe('npm run spec:check', () => {
  it('checks the logo and the guides portal.json names, each a line at its place, and exits 1', () => {
    writeFileSync(
      path.join(dir, 'spec', 'portal.json'),
      '{\n  "logo": "logo.svg",\n  "guides": { "exclude": ["versoning"] }\n}\n',
    );
    writeFileSync(
      path.join(dir, 'spec', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg">\n<script>x</script></svg>',
    );
    const { status, output } = run('src/build/spec-check.ts', [spec]);
    expect(status).toBe(1);
    expect(output).toContain(`${path.join(dir, 'spec', 'logo.svg')}:2: <script> is not allowed in the site's logo`);
    expect(output).toContain(`${path.join(dir, 'spec', 'portal.json')}:3: guides.exclude.0: "versoning" is not one`);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

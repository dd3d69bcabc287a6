/**
 * The site's brand as Starlight's settings: its title (portal.json's, else the description's), its logo and its
 * accent colours. The logo is a file beside portal.json (or the description's `x-logo`, when that names a file
 * beside the description), read as every file beside it is (beside-files.ts) and, for an SVG, checked as the site's
 * icon is (svg-check.ts). Starlight imports a logo through Vite, from the project: so the bytes that were checked,
 * not the file again, are written under `.astro/brand/`, named by their hash (two sites built from one checkout at
 * once do not overwrite each other's), and Starlight is pointed there; the accent colours become a stylesheet there
 * too. A logo at an https:// address is not shown: the site loads nothing from other origins (its CSP's img-src is
 * its own), a reader's visit is not told to another host, and a remote SVG could not be checked.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiModel, readXLogo } from '../openapi/index.ts';
import { accentStylesheet, accentThemes } from '../site/accent-colors.ts';
import { BesideFileError, readBesideFile, shownPath } from '../site/beside-files.ts';
import { configProblems, portalConfigFile, portalConfigPath } from '../site/portal-config.ts';
import type { SiteConfig } from '../site/site-config.ts';
import { svgProblems } from './svg-check.ts';

/** Bytes past which a logo is refused: every reader fetches it with the first page. */
export const maxLogoBytes = 512 * 1024;

/** Starlight's `logo` setting, as this site gives it. */
export type StarlightLogo = { src: string; alt: string } | { light: string; dark: string; alt: string };

export interface SiteBrand {
  /** The header's and every `<title>`'s name of the site. */
  title: string;
  logo?: StarlightLogo;
  /** Stylesheets to add to Starlight's `customCss` (the accent colours). */
  customCss: string[];
  /** What the build should say: a logo that is not shown, and why. */
  warnings: string[];
}

/** Where a logo comes from: its file, and the folder it must stay inside. */
interface LogoSource {
  file: string;
  folder: string;
  /**
   * Named by portal.json: its key there (`logo`, `logo.dark`) and the name as written, for a located error. Without
   * it the file is the description's x-logo (another tool's extension): one that is not there is a warning.
   */
  named?: { key: string[]; as: string };
}

/** The stylesheet of the site's own links and banner, from the project's root. */
const brandStyles = './src/styles/brand.css';

/** Where a build writes its brand's files for Starlight to import, relative to the project's root. */
const brandFolder = path.join('.astro', 'brand');

/**
 * The brand of the description at `specPath` with its site config, its files written into the project at `root`
 * (under `.astro/brand/`); without `root`, only checked (`npm run spec:check`). A logo that cannot be shown for
 * what it is (outside its folder, not a regular file, too large, an SVG that is not plain drawing, not the image its
 * name says) is a BesideFileError, one located line.
 */
export function siteBrand(model: ApiModel, config: SiteConfig, specPath: string, root?: string): SiteBrand {
  const title = config.title ?? model.info.title;
  const warnings: string[] = [];
  const brand: SiteBrand = { title, customCss: [], warnings };
  const sources = logoSources(model, config, specPath, warnings);
  const light = sources && publishedLogo(sources.light, config, root, warnings);
  const dark =
    sources && (sources.dark === sources.light ? light : publishedLogo(sources.dark, config, root, warnings));
  if (light && dark) brand.logo = light === dark ? { src: light, alt: title } : { light, dark, alt: title };
  // The links' and banner's styles only where there are some: other sites' pages carry none of them.
  if (config.navLinks.length > 0 || config.footer.length > 0 || config.banner) brand.customCss.push(brandStyles);
  if (config.accentColor)
    brand.customCss.push(written(root, 'accent', 'css', accentStylesheet(accentThemes(config.accentColor))));
  return brand;
}

/** The logo's file for each theme: portal.json's, else the description's `x-logo` when it is a file beside it. */
function logoSources(
  model: ApiModel,
  config: SiteConfig,
  specPath: string,
  warnings: string[],
): { light: LogoSource; dark: LogoSource } | undefined {
  if (config.logo) {
    const folder = path.dirname(portalConfigFile(config) ?? portalConfigPath(specPath));
    const at = (file: string, key: string[]) => ({
      file: path.resolve(folder, file),
      folder,
      named: { key, as: file },
    });
    return typeof config.logo === 'string'
      ? { light: at(config.logo, ['logo']), dark: at(config.logo, ['logo']) }
      : { light: at(config.logo.light, ['logo', 'light']), dark: at(config.logo.dark, ['logo', 'dark']) };
  }
  const url = readXLogo(model.source.info);
  if (url === undefined) return undefined;
  const keepBeside = `Keep the logo beside the description (x-logo's url: "logo.svg"), or name it in portal.json's logo.`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    warnings.push(`info.x-logo: ${url} is not shown: the site loads no images from other addresses. ${keepBeside}`);
    return undefined;
  }
  // `/images/logo.png` is a path on the site Redoc was served from, not a file of this machine.
  if (url.startsWith('/')) {
    warnings.push(`info.x-logo: ${url} is not shown: it is a path on a web site, not a file. ${keepBeside}`);
    return undefined;
  }
  // Beside the description naming it: the first API's, in a site of several (whose build may name portal.json).
  const folder = path.dirname(model.files?.[0] ?? specPath);
  const source = { file: path.resolve(folder, fileOfUrl(url)), folder };
  return { light: source, dark: source };
}

/** A relative URL's file path: without query or fragment, percent-escapes decoded where they are valid. */
function fileOfUrl(url: string): string {
  const file = url.split(/[?#]/)[0] ?? url;
  try {
    return decodeURI(file);
  } catch {
    return file;
  }
}

/** Signatures of the raster images a logo may be, so that a file named `.png` is one. */
const signatures: Record<string, (bytes: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  avif: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
};

/**
 * A logo file read and checked, then written under `.astro/brand/` by its hash: the path Starlight imports. An
 * x-logo file that is not there is a warning and no logo.
 */
function publishedLogo(
  source: LogoSource,
  config: SiteConfig,
  root: string | undefined,
  warnings: string[],
): string | undefined {
  const bytes = readBesideFile(source.file, { within: [source.folder], maxBytes: maxLogoBytes });
  if (bytes === undefined) {
    // portal.json asked for this file: said at the line naming it, the one to correct (a missing file has none).
    if (source.named)
      throw configProblems(config, [
        { path: source.named.key, message: `there is no file "${source.named.as}" beside portal.json.` },
      ]);
    warnings.push(`info.x-logo: ${shownPath(source.file)} does not exist; the site has no logo.`);
    return undefined;
  }
  const extension = path.extname(source.file).slice(1).toLowerCase();
  if (extension === 'svg') {
    const [problem] = svgProblems(bytes.toString('utf8'));
    // svg-check.ts words its reasons for the icon; they hold for a logo word for word.
    const reason = problem?.message.replaceAll('an icon', 'a logo').replaceAll('icon', 'logo');
    if (problem && reason) throw new BesideFileError(source.file, reason, problem.line);
  } else {
    const isImage = signatures[extension === 'jpeg' ? 'jpg' : extension];
    if (!isImage) throw new BesideFileError(source.file, `a logo must be an image file, not .${extension}.`);
    if (!isImage(bytes)) throw new BesideFileError(source.file, `it is not a ${extension.toUpperCase()} image.`);
  }
  return written(root, 'logo', extension, bytes);
}

/**
 * `content` written to `.astro/brand/NAME-HASH.EXTENSION` under `root` (the same bytes make the same name), and its
 * path as Starlight takes it, from the root (`./.astro/brand/logo-….svg`); not written without `root`.
 */
function written(root: string | undefined, name: string, extension: string, content: string | Buffer): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 12);
  const file = path.join(brandFolder, `${name}-${hash}.${extension}`);
  if (root !== undefined) {
    mkdirSync(path.join(root, brandFolder), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return `./${file}`;
}

/**
 * The site's icon as each page links it: the docs team's own (favicon.svg in the site's folder: spec/favicon.svg
 * beside the Pet Store's description; beside portal.json in a site of several) or the
 * portal's neutral one (public/favicon.svg). A small icon is written into the page as a data: URL: linked as a file,
 * it was one more request a phone's browser made beside the stylesheet before the page's largest paint, a round trip
 * on a connection of its own (Lighthouse counts it on that path). A large icon stays a file, as every page would
 * repeat it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BesideFileError, readBesideText } from '../site/beside-files.ts';
import { siteFolderOf } from '../site/portal-apis.ts';
import { svgProblems } from './svg-check.ts';

/** The URL the site's icon is published at (the build copies the docs team's own there). */
export const iconPath = '/favicon.svg';

/** Bytes of SVG past which the icon is linked as a file rather than written into every page. */
export const inlineIconLimit = 1_024;

/** Bytes past which the docs team's icon is refused: an icon is a few kilobytes, and every reader fetches it. */
export const maxIconBytes = 100 * 1024;

/**
 * The docs team's own icon, kept in the site's folder (`siteFolder` in site/portal-apis.ts), if there is one: its
 * SVG once checked (a regular file inside that folder, plain drawing; svg-check.ts). Anything else is a
 * BesideFileError, one line per problem at its line.
 */
export function ownIcon(folder: string): { file: string; svg: string } | undefined {
  const file = path.join(folder, 'favicon.svg');
  const svg = readBesideText(file, { within: [folder], maxBytes: maxIconBytes });
  if (svg === undefined) return undefined;
  const [problem] = svgProblems(svg);
  if (problem) throw new BesideFileError(file, problem.message, problem.line);
  return { file, svg };
}

/** The icon's SVG as a data: URL, or undefined past `inlineIconLimit`. Characters a URL or the attribute cannot hold are percent-encoded. */
export function iconDataUrl(svg: string): string | undefined {
  const text = svg.trim().replace(/\s+/g, ' ');
  if (Buffer.byteLength(text) > inlineIconLimit) return undefined;
  return `data:image/svg+xml,${text.replace(/[%#<>"&{}|\\^`[\]]/g, encodeURIComponent)}`;
}

let linked: string | undefined;

/** What the page's icon link points at: the icon itself when small, else its file. Read once per build. */
export function siteIconHref(root: string): string {
  linked ??=
    iconDataUrl(ownIcon(siteFolderOf(root))?.svg ?? readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8')) ??
    iconPath;
  return linked;
}

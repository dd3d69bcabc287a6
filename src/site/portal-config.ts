/**
 * The site config of the description being built: `portal.json` beside it (`PETSTORE_PORTAL` names another file).
 * The Pet Store's is `spec/portal.json`. A description without one gets a site with no domain, redirects or CNAME
 * of its own, and without the Pet Store's own guides; its absolute links use SITE_URL, else a placeholder.
 */
import path from 'node:path';
import { jsonLocator, toPointer } from '../openapi/index.ts';
import { BesideFileError, readBesideText, shownPath } from './beside-files.ts';
import { defineSiteConfig, type SiteConfig, SiteConfigError, type SiteConfigProblem } from './site-config.ts';

type Env = Record<string, string | undefined>;

/** What absolute links use when neither SITE_URL nor the config gives the site's address: reserved, never real. */
export const placeholderSiteUrl = 'https://portal.invalid';

export function portalConfigPath(specPath: string, env: Env = process.env): string {
  return env.PETSTORE_PORTAL ? path.resolve(env.PETSTORE_PORTAL) : path.join(path.dirname(specPath), 'portal.json');
}

/** Bytes past which portal.json is refused: a site config is a few hundred bytes. */
export const maxPortalBytes = 1024 * 1024;

/**
 * The site config of the description at `specPath`. One that is not valid is a SiteConfigError of one line per
 * problem, `spec/portal.json:LINE: field: what is wrong`: a file that is not JSON, an unknown key, a wrong type, a
 * rule between fields; and a portal.json that is not a regular file inside the description's folder (a symbolic
 * link out of it, a FIFO, a folder), which is never opened. PETSTORE_PORTAL names a file on purpose: it may be
 * anywhere, but must be a regular file too.
 */
export function loadPortalConfig(specPath: string, env: Env = process.env): SiteConfig {
  const file = portalConfigPath(specPath, env);
  const shown = shownPath(file);
  let text: string | undefined;
  try {
    text = readBesideText(file, {
      within: env.PETSTORE_PORTAL ? [] : [path.dirname(specPath)],
      maxBytes: maxPortalBytes,
    });
  } catch (error) {
    if (error instanceof BesideFileError) throw new SiteConfigError([error.message]);
    throw error;
  }
  if (text === undefined) {
    if (env.PETSTORE_PORTAL) throw new SiteConfigError([`${shown}: it does not exist (named by PETSTORE_PORTAL)`]);
    return defineSiteConfig({});
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    const { line, reason } = jsonSyntaxError(text, error);
    throw new SiteConfigError([`${shown}:${line}: not valid JSON: ${reason}`]);
  }
  let config: SiteConfig;
  try {
    config = defineSiteConfig(input as Parameters<typeof defineSiteConfig>[0]);
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    throw locatedError({ shown, text }, error.located);
  }
  sources.set(config, { shown, text, file });
  return config;
}

/** Where each loaded config came from, so that a check made later (the guides it names) is located too. */
const sources = new WeakMap<SiteConfig, { shown: string; text: string; file: string }>();

/** The portal.json a config was loaded from; undefined for one made in code. */
export const portalConfigFile = (config: SiteConfig): string | undefined => sources.get(config)?.file;

/**
 * A SiteConfigError for problems found after loading (the guides it names), each at its line of the portal.json
 * the config came from: `spec/portal.json:LINE: field: what is wrong`.
 */
export function configProblems(config: SiteConfig, problems: readonly SiteConfigProblem[]): SiteConfigError {
  const source = sources.get(config);
  return source ? locatedError(source, problems) : new SiteConfigError(problems);
}

function locatedError(source: { shown: string; text: string }, problems: readonly SiteConfigProblem[]) {
  const locate = jsonLocator(source.text);
  return new SiteConfigError(
    problems.map((problem) => {
      // A missing field is placed at the object that lacks it.
      const keys = problem.path.map(String);
      let line: number | undefined;
      for (let depth = keys.length; line === undefined && depth > 0; depth--) {
        line = locate(toPointer(keys.slice(0, depth)))?.line;
      }
      return `${source.shown}:${line ?? 1}: ${problem.path.join('.') || '(config)'}: ${problem.message}`;
    }),
  );
}

/**
 * Where JSON.parse first fails when its message gives no place: the shortest start of the text that fails for
 * another reason than ending early (found by halving, since a longer start fails too).
 */
function firstBadOffset(text: string): number {
  const failsInside = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      return !(error instanceof Error && /end of JSON input/.test(error.message));
    }
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (failsInside(mid + 1)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The line of a JSON.parse error and what it says, without the stretch of the file V8 quotes. */
function jsonSyntaxError(text: string, error: unknown): { line: number; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const line = /\(line (\d+) column \d+\)/.exec(message)?.[1];
  const position = /at position (\d+)/.exec(message)?.[1];
  const at = line ? Number(line) : text.slice(0, position ? Number(position) : firstBadOffset(text)).split('\n').length;
  const reason = message
    .replace(/\s*in JSON at position \d+.*$/, '')
    .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
  return { line: at, reason: `${reason.replace(/\.$/, '')}.` };
}

/** The site's public address: SITE_URL, else the config's canonical domain, else the placeholder. */
export function siteUrl(config: SiteConfig, env: Env = process.env): { url: string; placeholder: boolean } {
  if (env.SITE_URL) return { url: env.SITE_URL, placeholder: false };
  if (config.canonicalDomain) return { url: `https://${config.canonicalDomain}`, placeholder: false };
  return { url: placeholderSiteUrl, placeholder: true };
}

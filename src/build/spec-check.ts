/**
 * `npm run spec:check [-- [--strict] file]`: checks a description the way the build does and prints every
 * problem. Exit code 0 when usable (warnings allowed), 1 when not. `--strict` (or PETSTORE_STRICT=1) counts
 * warnings as errors, for a docs team's CI.
 */
import path from 'node:path';
import { readCommandLine } from '../command-line.ts';
import {
  type ApiModel,
  defaultParseLimits,
  formatProblems,
  hiddenCount,
  loadApiModel,
  operationCount,
  resolveSpecPath,
  SpecError,
  strictFromEnv,
} from '../openapi/index.ts';
import { guideOutline } from '../publishing/guide-outline.ts';
import { readHomeWords } from '../publishing/home-words.ts';
import { siteBrand } from '../publishing/site-brand.ts';
import { ownIcon } from '../publishing/site-icon.ts';
import { BesideFileError } from '../site/beside-files.ts';
import { listsApis, portalApis, siteFolder } from '../site/portal-apis.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import { defineSiteConfig, type SiteConfig, SiteConfigError } from '../site/site-config.ts';

const usage = `Usage: npm run spec:check [-- [--strict] [file]]

Checks an OpenAPI description the way the build does (default: PETSTORE_SPEC, else spec/openapi.yaml) and prints a
summary, or every problem at its file:line:column. Exits 0 when it can be built, 1 when not.

  --strict    count warnings as errors too (also PETSTORE_STRICT=1), for a docs team's CI
  -h, --help  print this and exit`;

const commandLine = readCommandLine(process.argv.slice(2), {
  name: 'spec:check',
  usage,
  options: { strict: { type: 'boolean' } },
  maxPositionals: 1,
});
if (commandLine.ok) await check(commandLine.args.values.strict === true, commandLine.args.positionals[0]);
else {
  (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
  process.exitCode = commandLine.exitCode;
}

async function check(strictFlag: boolean, argument: string | undefined): Promise<void> {
  const strict = strictFlag || strictFromEnv();
  const file = argument ? path.resolve(argument) : resolveSpecPath(process.cwd());
  // A site of several APIs (portal.json's `apis`): each API's description, in its order.
  for (const description of descriptionsOf(file)) await checkDescription(description, strict);
  // The files the build reads beside the description (or beside portal.json, in a site of several): its site
  // config, its icon and logo, the guides the config names, its home page's words; each problem a line at its place.
  for (const check of [
    () => portalApis(file, loadPortalConfig(file)),
    () => ownIcon(folderOf(file)),
    () => checkLogo(file),
    () => checkGuides(file),
    () => readHomeWords(folderOf(file)),
  ]) {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof SiteConfigError || error instanceof BesideFileError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  }
}

/** The descriptions of the site built from `file`: the APIs its portal.json lists, else `file` itself. */
function descriptionsOf(file: string): string[] {
  try {
    const config = loadPortalConfig(file);
    return listsApis(config) ? portalApis(file, config).map((api) => api.specPath) : [file];
  } catch (error) {
    if (error instanceof SiteConfigError || error instanceof BesideFileError) return []; // Reported below.
    throw error;
  }
}

async function checkDescription(file: string, strict: boolean): Promise<void> {
  const shown = path.relative(process.cwd(), file) || file;
  try {
    const model = await loadApiModel(file, defaultParseLimits, { strict });
    if (model.warnings.length > 0) console.warn(`${formatProblems(shown, model.warnings, 'check')}\n`);
    const badges = model.operations.filter((o) => o.badge).length;
    const format = model.convertedFrom ? 'Swagger 2.0, read as OpenAPI 3.0' : `OpenAPI ${model.openapi}`;
    const files = (model.files?.length ?? 1) > 1 ? `, ${model.files?.length} files` : '';
    console.log(
      `✔ ${shown}: ${model.info.title} ${model.info.version} (${format}${files}) — ` +
        `${operationCount(model)} in ${model.tags.length} tags and ${model.tagGroups.length} groups, ` +
        `${model.schemas.length} schemas, ${model.errorCodes.length} error codes, ${badges} operations with badges${hiddenCount(model)}.`,
    );
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    console.error(formatProblems(shown, error.problems, 'check'));
    process.exitCode = 1;
  }
}

/** The site's folder (site/portal-apis.ts), as a config that is not valid (reported above) leaves it: the description's. */
function folderOf(file: string): string {
  let config: SiteConfig;
  try {
    config = loadPortalConfig(file);
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    config = defineSiteConfig({});
  }
  return siteFolder(file, config);
}

/** The site config and model for the checks of what one asks of the other; undefined when either was reported. */
async function configAndModel(file: string): Promise<{ config: SiteConfig; model: ApiModel } | undefined> {
  try {
    const config = loadPortalConfig(file);
    // A site of several APIs: the first API's, as the build's guides and logo take it.
    const [first] = descriptionsOf(file);
    return { config, model: await loadApiModel(first ?? file) };
  } catch {
    return undefined; // Reported above.
  }
}

/** A logo the site can show (portal.json's or x-logo's); a remote x-logo is a warning. */
async function checkLogo(file: string): Promise<void> {
  const both = await configAndModel(file);
  if (both) for (const warning of siteBrand(both.model, both.config, file).warnings) console.warn(warning);
}

/** Guides portal.json names that exist and, when included, can ship. */
async function checkGuides(file: string): Promise<void> {
  const both = await configAndModel(file);
  if (both) guideOutline(both.model, both.config);
}

/**
 * `npm run spec:diff [-- base head]`: the changes between two descriptions (default: the last release and
 * spec/openapi.yaml), grouped, then the breaking-change gate; exits 1 when a breaking change comes without a new
 * major version. `npm run spec:release`: keeps spec/openapi.yaml as spec/releases/<info.version>.yaml, after the
 * same checks. `--today YYYY-MM-DD` sets the day sunsets are judged by (default: today, UTC).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { readCommandLine } from '../command-line.ts';
import { formatProblems, loadApiModel, resolveSpecPath, SpecError, startOfDay } from '../openapi/index.ts';
import { type PortalApi, portalApis } from '../site/portal-apis.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import { SiteConfigError } from '../site/site-config.ts';
import { type ApiChange, apiChanges, type ChangeClass } from './api-changes.ts';
import { gateProblems, judgeBreakingChanges } from './gate.ts';
import {
  apiReleasesDir,
  listReleases,
  readJoinedDescription,
  releaseHeader,
  releasesDir,
  releaseText,
  versionOf,
} from './releases.ts';

const groups: { class: ChangeClass; title: string }[] = [
  { class: 'breaking', title: 'Breaking' },
  { class: 'added', title: 'Added' },
  { class: 'changed', title: 'Changed' },
  { class: 'deprecated', title: 'Deprecated' },
  { class: 'annotation', title: 'Descriptions' },
];

const usage = `Usage: npm run spec:diff [-- [--today YYYY-MM-DD] [--api ID] [base head]]
       npm run spec:release [-- --today YYYY-MM-DD] [--api ID]

spec:diff lists the changes from the last release in spec/releases/ (or base) to spec/openapi.yaml (or head), then
exits 1 when one is breaking without a new major version. spec:release keeps spec/openapi.yaml as
spec/releases/<info.version>.yaml, after the same check. In a site of several APIs (portal.json's "apis"), each
API's description and releases folder instead: spec:diff gates every API with releases (or the one --api names),
spec:release releases the API --api names.

  --today YYYY-MM-DD  the day sunsets are judged by (default: today, UTC)
  --api ID            in a site of several APIs: the API, by its id in portal.json
  -h, --help          print this and exit`;

async function main(argv: string[]): Promise<number> {
  const name = argv[0] === 'release' ? 'spec:release' : 'spec:diff';
  const commandLine = readCommandLine(argv, {
    name,
    usage,
    options: { today: { type: 'string' }, api: { type: 'string' } },
    maxPositionals: 3,
  });
  if (!commandLine.ok) {
    (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
    return commandLine.exitCode;
  }
  const { values, positionals } = commandLine.args;
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  const [command, ...files] = positionals;
  if (!isCalendarDay(today)) {
    console.error(`${name}: --today ${today} is not a calendar date (YYYY-MM-DD).`);
    return 2;
  }
  const chosen = chosenApis(values.api);
  if (typeof chosen === 'string') {
    console.error(`${name}: ${chosen}`);
    return 2;
  }
  if (command === 'diff') {
    if (files.length > 0) return withReport(async () => diff(files, today, chosen[0]));
    let status = 0;
    for (const api of chosen) status = Math.max(status, await withReport(async () => diff(files, today, api)));
    return status;
  }
  if (command === 'release' && files.length === 0) {
    const [only] = chosen;
    if (!only || chosen.length > 1) {
      console.error(`${name}: this site lists several APIs: name the one to release with --api (${ids(chosen)}).`);
      return 2;
    }
    if (only.id !== undefined && !only.releases) {
      console.error(
        `${name}: the API "${only.id}" names no releases folder in ${shown(only.configPath)}: add "releases".`,
      );
      return 2;
    }
    return release(today, only);
  }
  console.error(command === 'release' ? 'spec:release: takes no file (it releases spec/openapi.yaml).' : usage);
  return 2;
}

function isCalendarDay(day: string): boolean {
  try {
    startOfDay(day);
    return true;
  } catch {
    return false;
  }
}

/**
 * The APIs a command acts on: the site's one, or in a site of several every listed API (those `--api` names); a
 * message for an id portal.json does not list.
 */
function chosenApis(id: string | undefined): PortalApi[] | string {
  const spec = resolveSpecPath(process.cwd());
  let apis: PortalApi[];
  try {
    apis = portalApis(spec, loadPortalConfig(spec));
  } catch (error) {
    if (error instanceof SiteConfigError) return error.message;
    throw error;
  }
  if (id === undefined) return apis;
  const named = apis.filter((api) => api.id === id);
  if (named.length > 0) return named;
  return apis[0]?.id === undefined
    ? `--api ${id}: this site documents one API (portal.json lists no "apis").`
    : `--api ${id}: portal.json lists no such API; its APIs are ${ids(apis)}.`;
}

const ids = (apis: readonly PortalApi[]) => apis.map((api) => api.id).join(', ');

function diff(files: string[], today: string, api: PortalApi | undefined): Promise<number> {
  const spec = api?.specPath ?? resolveSpecPath(process.cwd());
  const dir = api ? apiReleasesDir(api) : releasesDir(spec);
  const last = dir ? listReleases(dir).at(-1) : undefined;
  const [base = last?.file, head = shown(spec)] = files;
  if (!base) {
    console.log(
      dir
        ? `No release in ${dir}/ yet: nothing to compare ${head} with. Cut one with npm run spec:release.`
        : `${api?.id}: no releases folder in portal.json, so nothing to compare ${head} with.`,
    );
    return Promise.resolve(0);
  }
  return compare(base, head, today, 'diff');
}

/**
 * Prints the changes and the gate's verdict; 0 when the gate passes. Both descriptions are read joined from their
 * files, as readers see them: a change in a referenced file counts, and moving a schema into a file is none.
 */
async function compare(
  baseFile: string,
  headFile: string,
  today: string,
  context: 'diff' | 'release',
): Promise<number> {
  const before = await readJoinedDescription(baseFile);
  const after = await readJoinedDescription(headFile);
  const baseVersion = versionOf(before.data);
  const headVersion = versionOf(after.data);
  const changes = apiChanges(before.data, after.data);
  console.log(
    `Changes from ${baseFile} (${baseVersion}) to ${headFile} (${headVersion}): ${changes.length === 0 ? 'none' : changes.length}.`,
  );
  for (const group of groups) {
    const here = changes.filter((c) => c.class === group.class);
    if (here.length === 0) continue;
    console.log(`\n${group.title} (${here.length})`);
    for (const change of here) console.log(`  ${line(change)}`);
  }
  const verdict = judgeBreakingChanges({ changes, before: before.data, baseVersion, headVersion, today });
  for (const { change, because } of verdict.allowed)
    console.log(`\nAllowed breaking change (${because}): ${line(change)}`);
  if (verdict.refused.length === 0) {
    if (context === 'diff') console.log('\nThe gate passes: no breaking change without a new major version.');
    return 0;
  }
  const problems = gateProblems(verdict, baseVersion, headVersion);
  const located = (side: 'before' | 'after') =>
    problems
      .filter((_, i) => verdict.refused[i]?.in === side)
      .map((p) => ({ ...p, ...(side === 'before' ? before : after).place(p.pointer) }));
  console.error('');
  for (const [side, file] of [
    ['after', headFile],
    ['before', baseFile],
  ] as const) {
    const here = located(side);
    if (here.length > 0) console.error(formatProblems(file, here, 'check'));
  }
  return 1;
}

function line(change: ApiChange): string {
  const where = change.operation ? `${change.operation.method} ${change.operation.path}` : (change.model ?? '');
  return `${where ? `${where}: ` : ''}${change.summary}  (${change.pointer})`;
}

function release(today: string, api: PortalApi): Promise<number> {
  const file = shown(api.specPath);
  const dir = apiReleasesDir(api) ?? releasesDir(api.specPath);
  return withReport(async () => {
    const model = await loadApiModel(file); // a release must be a description that builds
    const version = model.info.version;
    if (semver.valid(version) === null) {
      console.error(`${file}: info.version "${version}" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.2.0).`);
      return 1;
    }
    const releases = listReleases(dir);
    const target = path.join(dir, `${version}.yaml`);
    if (releases.some((r) => r.version === version) || existsSync(target)) {
      console.error(`${target} exists: ${version} is released. Raise info.version in ${file} first.`);
      return 1;
    }
    const last = releases.at(-1);
    if (last && semver.lte(version, last.version)) {
      console.error(`${file}: info.version ${version} is not after the last release, ${last.version}.`);
      return 1;
    }
    if (last && (await compare(last.file, file, today, 'release')) !== 0) return 1;
    mkdirSync(dir, { recursive: true });
    // Written whole or not at all: a half-written release would be compared against forever.
    const partial = `${target}.partial`;
    writeFileSync(partial, releaseHeader(version, today) + releaseText(await readJoinedDescription(file), file));
    renameSync(partial, target);
    console.log(`Released ${version}: ${target}.`);
    return 0;
  });
}

/** A path as the reader gave it: relative to where they stand when it is inside. */
function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

async function withReport(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    console.error(formatProblems(error.file, error.problems, 'check'));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

/**
 * The changelog as pages show it: each release's changes grouped by class (breaking, added, changed, deprecated,
 * then description edits), and within a class by what they touch (an operation, a model, the description as a
 * whole), with a link to its page when the site has one. Also what an operation's or model's page says of its
 * history ("Added in 1.1.0", "Changed in 2.0.0"). Pure data; no Astro imports.
 */
import type { Changelog, ChangelogChange, ChangelogEntry, History } from '../../changes/changelog.ts';
import { type ApiModel, type ApiOperation, enclosingOperation, oncePerModel } from '../../openapi/index.ts';
import { apiBaseOf, operationTitle, referenceBase, referenceUrls, twinOf } from '../routes.ts';
import { sitePath } from '../site-path.ts';

/**
 * Where an API's changelog pages are, from the site's root (without its base path: `sitePath` adds it, Starlight's
 * sidebar adds it itself). A one-API site's are at `/changelog/`; in a site of several each API's are beside its
 * reference, `/reference/<id>/changelog/`. Built only for an API with releases.
 */
export interface ChangelogPaths {
  /** The changelog page: `/changelog/`, `/reference/payments/changelog/`. */
  page: string;
  /** Its Atom feed: `/changelog/feed.xml`, `/reference/payments/changelog/feed.xml`. */
  feed: string;
  /** The page's Markdown twin: `/changelog.md`, `/reference/payments/changelog.md`. */
  twin: string;
  /**
   * The page on moving from an earlier major, by its label (`1.x`): `/changelog/from-1.x/`,
   * `/reference/payments/changelog/from-1.x/` (its twin: `twinOf` it). `migration.ts`'s `migrationPath` gives a
   * version's.
   */
  migration(label: string): string;
}

/** The changelog pages of the API whose reference is at `apiBase` (`reference`, `reference/<id>`; PortalApi.base). */
export function changelogPathsAt(apiBase: string): ChangelogPaths {
  const page = apiBase === referenceBase ? '/changelog/' : `/${apiBase}/changelog/`;
  return { page, feed: `${page}feed.xml`, twin: twinOf(page), migration: (label) => `${page}from-${label}/` };
}

/**
 * The changelog pages of the API `model` is a version of (any of its published versions: an earlier major's model
 * gives its API's). The model must have been published at its base first (`reference/api-of-site.ts`).
 */
export const changelogPaths = (model: ApiModel): ChangelogPaths => changelogPathsAt(apiBaseOf(model));

/** A one-API site's changelog page (an API of a site of several has its own: `changelogPaths`). */
export const changelogPath = changelogPathsAt(referenceBase).page;
/** A one-API site's changelog feed (an API of a site of several has its own: `changelogPaths`). */
export const changelogFeedPath = changelogPathsAt(referenceBase).feed;

/** The changelog page's one-line description (its meta description and its twin's lead). */
export const changelogDescription = (apiTitle: string) => `What changed in the ${apiTitle}, release by release.`;

/**
 * The changelog page's title: "Changelog" on a one-API site, its API's name in a site of several ("Pet Store API
 * changelog"), where every API has one. The Atom feed's title always names it.
 */
export const changelogTitle = (apiTitle: string, several: boolean) => (several ? `${apiTitle} changelog` : 'Changelog');

/** The changelog page's URL of the API `model` is a version of (under the site's base path), and one release's place on it. */
export function changelogUrl(model: ApiModel, version?: string): string {
  return releaseUrl(sitePath(changelogPaths(model).page), version);
}

/** One release's place on the changelog page at `page` (a URL), or the page itself without a version. */
export function releaseUrl(page: string, version?: string): string {
  return `${page}${version === undefined ? '' : `#${releaseAnchor(version)}`}`;
}

/** `v2-0-0`: an id for a release's heading. */
export function releaseAnchor(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

/** What a group of changes is about. */
export interface ChangeTarget {
  /** The operation's title, the model's name, or "The description". */
  label: string;
  /** `DELETE /plants/{plantId}`, for an operation. */
  call?: string;
  /** Its page, when the site has one. */
  href?: string;
}

export interface ChangeGroup {
  title: string;
  /** An id for its heading, unique on the page. */
  id: string;
  /** Description and example edits: many, and of little consequence, so shown folded. */
  folded: boolean;
  items: { target: ChangeTarget; changes: ChangelogChange[] }[];
  count: number;
}

export interface ChangelogSection {
  version: string;
  id: string;
  date?: string;
  released: boolean;
  previous?: string;
  groups: ChangeGroup[];
}

const classes = [
  { class: 'breaking', title: 'Breaking changes' },
  { class: 'added', title: 'Added' },
  { class: 'changed', title: 'Changed' },
  { class: 'deprecated', title: 'Deprecated' },
  { class: 'annotation', title: 'Descriptions and examples' },
] as const;

export function changelogSections(model: ApiModel, changelog: Changelog): ChangelogSection[] {
  const target = targetsOf(model);
  return changelog.entries.map((entry: ChangelogEntry) => {
    const id = releaseAnchor(entry.version);
    const groups: ChangeGroup[] = [];
    for (const { class: kind, title } of classes) {
      const here = entry.changes.filter((change) => change.class === kind);
      if (here.length === 0) continue;
      const byTarget = new Map<string, { target: ChangeTarget; changes: ChangelogChange[] }>();
      for (const change of here) {
        const found = target(change);
        const item = byTarget.get(found.key) ?? { target: found.target, changes: [] };
        item.changes.push(change);
        byTarget.set(found.key, item);
      }
      groups.push({
        title,
        id: `${id}-${kind}`,
        folded: kind === 'annotation',
        items: [...byTarget.values()],
        count: here.length,
      });
    }
    return {
      version: entry.version,
      id,
      released: entry.released,
      groups,
      ...(entry.date ? { date: entry.date } : {}),
      ...(entry.previous ? { previous: entry.previous } : {}),
    };
  });
}

/** Finds what a change touches, and the page it has on this site. */
function targetsOf(model: ApiModel): (change: ChangelogChange) => { key: string; target: ChangeTarget } {
  const urls = referenceUrls(model);
  const byPointer = operationsByPointer(model);
  return (change) => {
    if (change.operation) {
      const call = `${change.operation.method} ${change.operation.path}`;
      const operation = byPointer.get(enclosingOperation(change.pointer, byPointer) ?? '');
      const removed = change.subject === 'operation' && change.action === 'remove';
      const label = operation ? operationTitle(operation) : (change.operation.operationId ?? call);
      const href = operation && !removed ? urls.operation(operation) : undefined;
      return { key: `operation ${call}`, target: { label, call, ...(href ? { href } : {}) } };
    }
    if (change.model) {
      const href = urls.schema(change.model);
      return { key: `model ${change.model}`, target: { label: change.model, ...(href ? { href } : {}) } };
    }
    return { key: 'description', target: { label: 'The description' } };
  };
}

const operationsByPointer = oncePerModel(
  (model) => new Map<string, ApiOperation>(model.operations.map((operation) => [operation.pointer, operation])),
);

/**
 * What a page says of its subject's history: the release that added it, unless it was there from the first (every
 * page would say so), and the last release that changed it for its readers.
 */
export function pageHistory(changelog: Changelog | undefined, history: History | undefined): Partial<History> {
  if (!changelog || !history) return {};
  return {
    ...(history.addedIn !== changelog.firstVersion ? { addedIn: history.addedIn } : {}),
    ...(history.changedIn ? { changedIn: history.changedIn } : {}),
  };
}

/** A page's history as its header shows it: the releases, and its API's changelog page that each links into. */
export interface PageHistory extends Partial<History> {
  /** The changelog page of the page's API (a URL under the site's base path), when there is a release to link. */
  changelog?: string;
}

/** `pageHistory`, with the changelog page of `model`'s API for its links (none when it says nothing). */
export function pageHistoryOf(
  model: ApiModel,
  changelog: Changelog | undefined,
  history: History | undefined,
): PageHistory {
  const releases = pageHistory(changelog, history);
  return releases.addedIn || releases.changedIn
    ? { ...releases, changelog: sitePath(changelogPaths(model).page) }
    : releases;
}

/** A change's sentence in runs of text and code (what it writes between backticks: a field, a parameter). */
export function summaryParts(summary: string): { text: string; code: boolean }[] {
  return summary
    .split(/`([^`]*)`/)
    .map((text, i) => ({ text, code: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

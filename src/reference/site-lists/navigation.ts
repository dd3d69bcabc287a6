/**
 * The reference's part of the sidebar, derived from the model: tag groups
 * (navigation only — no page of their own), each holding its tags' pages in
 * the spec's order; operation entries carry their method and badge.
 */
import {
  type ApiModel,
  type ApiOperation,
  type ApiTag,
  type ApiTagGroup,
  oncePerModel,
  slugify,
} from '../../openapi/index.ts';
import { apiLabels } from '../../site/api-labels.ts';
import { changelogPaths } from '../changelog/changelog-sections.ts';
import { operationLabel, referencePaths, tagLabel } from '../routes.ts';
import { badgeLabel } from '../shared/badges.ts';

/** The sidebar items Starlight's config takes (a subset of its schema). */
export type SidebarItem =
  | {
      label: string;
      link: string;
      badge?: { text: string; variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default' };
      attrs?: Record<string, string>;
    }
  | { label: string; items: SidebarItem[]; collapsed?: boolean };

/** Where the reference introduction lists a tag group's tags. */
export function groupAnchor(groupName: string): string {
  return `group-${slugify(groupName)}`;
}

/**
 * Where the introduction lists the tags no group holds, together, when there are more than `tagsListedInFull` of
 * them (the sidebar then shows a window of them and links here). Group anchors start `group-`, so it cannot clash.
 */
export const ungroupedAnchor = 'ungrouped-tags';

/** The tags no group holds, in the model's order: the model gives each a group of its own, marked `implicit`. */
export const ungroupedTags: (model: ApiModel) => readonly string[] = oncePerModel((model) =>
  model.tagGroups.filter((group) => group.implicit).flatMap((group) => group.tags),
);

/** The groups the description names (not the model's one-tag groups for ungrouped tags): every page's sidebar asks. */
const namedGroups = oncePerModel((model) => model.tagGroups.filter((group) => !group.implicit));

/**
 * Whether there are too many ungrouped tags to list on every page: the sidebar then shows a window of them and a
 * link to the introduction, which lists them together under `ungroupedAnchor` instead of a section for each.
 */
export function ungroupedInWindow(model: ApiModel): boolean {
  return ungroupedTags(model).length > tagsListedInFull;
}

/** The introduction's heading over the ungrouped tags ("Other tags" after real groups), and the sidebar's link. */
export function ungroupedHeading(model: ApiModel): string {
  return model.tagGroups.some((group) => !group.implicit) ? 'Other tags' : 'Tags';
}

/**
 * An API with at most this many tags lists every group's tags on every page, so a reader on a Pets page still sees
 * the Store group's tags. It is cheap: a short line of HTML per tag on each page. Beyond it the list stops
 * being scannable and its bytes multiply by the number of pages, so a larger API lists only the groups of the page's
 * own tags, and shows each other group as one link to where the introduction lists its tags (on pages with no open
 * tag — models, guides, the introduction — every group).
 */
export const tagsListedEverywhere = 30;

/**
 * A tag with at most this many operations lists them all on each of its pages: still a list a reader scans, and
 * its pages times its entries stay small. A larger tag would cost every one of its pages an entry per operation,
 * the square of the tag's size over its pages, so its pages show a window instead: the operations around the
 * current one (`operationsAroundCurrent` either side) and a link to the tag's overview, whose content lists them
 * all. Its sidebar then stays the same size however large the tag grows.
 */
export const operationsListedInFull = 50;

/** In a large tag's window, how many operations are shown before and after the current one (21 in all). */
export const operationsAroundCurrent = 10;

/**
 * A tag group with at most this many tags lists them all on its pages. A larger one shows the tags around the
 * page's own (`tagsAroundCurrent` either side, and any other tag of the page) and a link to where the
 * introduction lists them all: listed whole, a group of a large description's hundreds of tags was a sizeable
 * share of each of its thousands of pages. Tags no group holds are bounded the same way, on every page: a
 * Graph-shaped description's thousands of them otherwise made up most of each page.
 */
export const tagsListedInFull = 30;

/** In a large group's window, how many tags are shown before and after the page's own (21 in all). */
export const tagsAroundCurrent = 10;

/** An API of a site of several as its sidebar lists it: its current model, and whether it has a changelog. */
export interface ApiInSidebar {
  /** Its id in the site: it names the API beside its title where two APIs share one. */
  id?: string | undefined;
  model: ApiModel;
  /** Whether it has releases, and so a changelog (at `changelogPaths(model).page`). */
  changelog: boolean;
}

/**
 * The sidebar of a site of several APIs: `reading`'s reference as a group named after it (as `referenceSidebar`
 * lists it, with `openTags` open, then its changelog when it has releases), every other API as one link to its
 * introduction, in the site's order. On a page outside any API (`reading` undefined), one link per API.
 */
export function apisSidebar(
  apis: readonly ApiInSidebar[],
  reading?: ApiModel,
  openTags: ReadonlySet<string> = new Set(),
  currentOperation?: string,
): SidebarItem[] {
  const labels = apiLabels(apis.map(({ id, model }) => ({ id, title: model.info.title })));
  return apis.map(({ model, changelog }, i) => {
    const label = labels[i] ?? model.info.title;
    if (model !== reading) return { label, link: referencePaths(model).introduction };
    const [reference] = referenceSidebar(model, openTags, currentOperation);
    return {
      label,
      items: [
        ...(reference && 'items' in reference ? reference.items : []),
        ...(changelog ? [{ label: 'Changelog', link: changelogPaths(model).page }] : []),
      ],
    };
  });
}

/**
 * The reference's sidebar as seen from a page whose tags are `openTags`
 * (and, on an operation page, whose operation is `currentOperation`, by its
 * operationId): those tags list their operations — a large tag only a window
 * of them around the current one — and the other tags are one link each.
 * Tag groups are labels, not links (a group has no page of its own); tags in
 * no group are plain entries after the groups. An API with more than
 * `tagsListedEverywhere` tags lists only the open tags' groups; the others
 * are one link each to their place on the introduction, and a group of more
 * than `tagsListedInFull` tags only a window of them around the page's own;
 * so do more than `tagsListedInFull` tags in no group, with a link to where
 * the introduction lists them together (`ungroupedAnchor`). `openTags` lists
 * the page's own tag first. Each page passes its own, so a page's size grows
 * with neither the number of operations or tags in the whole API nor those of
 * its tag or group, and no page carries entries it does not show.
 */
export function referenceSidebar(
  model: ApiModel,
  openTags: ReadonlySet<string> = new Set(),
  currentOperation?: string,
): SidebarItem[] {
  const parts = sidebarParts(model);
  const tagEntries = (names: readonly string[]): SidebarItem[] =>
    names.flatMap((name) => {
      const tag = parts.tags.get(name);
      if (!tag) return [];
      return [
        // A tag that is a page of text is one link, open or not.
        openTags.has(tag.name) && tag.operations.length > 0
          ? { label: tagLabel(tag), collapsed: false, items: parts.tagItems(tag, currentOperation) }
          : { label: tagLabel(tag), link: parts.urls.tag(tag) },
      ];
    });
  const listEveryGroup = model.tags.length <= tagsListedEverywhere;
  const introductionOf = (group: ApiTagGroup) => `${parts.urls.introduction}#${groupAnchor(group.name)}`;
  const groups: SidebarItem[] = namedGroups(model).map((group) =>
    listEveryGroup || group.tags.some((name) => openTags.has(name))
      ? group.tags.length <= tagsListedInFull
        ? { label: tagLabel(group), items: tagEntries(group.tags) }
        : {
            label: tagLabel(group),
            items: [
              ...tagEntries(tagsAround(group.tags, openTags)),
              {
                label: `All ${group.tags.length.toLocaleString('en-US')} ${tagsOf(group)}`,
                link: introductionOf(group),
              },
            ],
          }
      : // Another group than the reader's in a large API: one link to where the introduction lists its tags (a
        // collapsed group holding that one link cost a dozen elements per group on every page).
        { label: tagsOf(group), link: introductionOf(group) },
  );
  // Tags in no group: the model gives each a group of its own, which the sidebar does not show. More than
  // `tagsListedInFull` show a window, as a large group does (the first one on pages with none of them open).
  const loose = ungroupedTags(model);
  const looseTags = ungroupedInWindow(model)
    ? [
        ...tagEntries(tagsAround(loose, openTags)),
        {
          label: `All ${loose.length.toLocaleString('en-US')} ${ungroupedHeading(model).toLowerCase()}`,
          link: `${parts.urls.introduction}#${ungroupedAnchor}`,
        },
      ]
    : tagEntries(loose);
  return [
    {
      label: 'API reference',
      items: [
        { label: 'Introduction', link: parts.urls.introduction },
        ...groups,
        ...looseTags,
        { label: 'Models', link: parts.urls.schemas },
        ...(model.errorCodes.length > 0 ? [{ label: 'Errors', link: parts.urls.errors }] : []),
      ],
    },
  ];
}

/** "Billing tags"; a group already named "Admin tags" stays so. */
function tagsOf(group: ApiTagGroup): string {
  const label = tagLabel(group);
  return /\btags$/i.test(label) ? label : `${label} tags`;
}

/**
 * Where a window of `around` entries either side of the one at `at` starts in a list of `length`: centred on it, or
 * at either end the first or last `2 × around + 1` (the first when `at` is undefined).
 */
function windowStart(at: number | undefined, length: number, around: number): number {
  return at === undefined ? 0 : Math.max(0, Math.min(at - around, length - (2 * around + 1)));
}

/**
 * A large group's window: the tags around the page's own (its first open tag: an operation's page is under its first
 * tag), and the page's other tags in the group wherever they are, in the group's order.
 */
function tagsAround(names: readonly string[], openTags: ReadonlySet<string>): string[] {
  const at = positionsIn(names);
  const own = [...openTags].find((name) => at.has(name));
  const start = windowStart(own === undefined ? undefined : at.get(own)?.[0], names.length, tagsAroundCurrent);
  // By position, not by scanning the list: a page asks this of lists of thousands of tags.
  const shown = new Set<number>();
  for (let i = start; i <= Math.min(start + 2 * tagsAroundCurrent, names.length - 1); i++) shown.add(i);
  for (const name of openTags) for (const i of at.get(name) ?? []) shown.add(i);
  return [...shown].sort((a, b) => a - b).map((i) => names[i] ?? '');
}

const positions = new WeakMap<readonly string[], Map<string, number[]>>();

/** Where each name is in `names` (a model's list, the same array on every page), worked out once per list. */
function positionsIn(names: readonly string[]): Map<string, number[]> {
  let found = positions.get(names);
  if (!found) {
    found = new Map();
    for (const [i, name] of names.entries()) {
      const list = found.get(name);
      if (list) list.push(i);
      else found.set(name, [i]);
    }
    positions.set(names, found);
  }
  return found;
}

interface SidebarParts {
  urls: ReturnType<typeof referencePaths>;
  tags: Map<string, ApiTag>;
  /**
   * A tag's overview and operation entries: all of them, or for a large tag the window around
   * `operationId` (the first window where it is not given or not in the tag) and a link to them all.
   */
  tagItems(tag: ApiTag, operationId?: string): SidebarItem[];
}

/** What every page's sidebar is assembled from, worked out once per model (every page asks). */
const sidebarParts = oncePerModel((model): SidebarParts => {
  // Starlight adds the site's base path to sidebar links itself.
  const urls = referencePaths(model);
  const operations = new Map(model.operations.map((o) => [o.operationId, o]));
  const operationEntry = (operation: ApiOperation): SidebarItem => ({
    label: operationLabel(operation),
    link: urls.operation(operation),
    attrs: { 'data-method': operation.method.toUpperCase() },
    ...(operation.badge ? { badge: badgeLabel(operation.badge) } : {}),
  });
  /** A tag's operation entries, and where each operation is among them. */
  const byTag = new Map<string, { entries: SidebarItem[]; indexOf: Map<string, number> }>();
  const tagOperations = (tag: ApiTag) => {
    let found = byTag.get(tag.name);
    if (!found) {
      const listed = tag.operations.flatMap((id) => {
        const operation = operations.get(id);
        return operation ? [operation] : [];
      });
      found = {
        entries: listed.map(operationEntry),
        indexOf: new Map(listed.map((operation, i) => [operation.operationId, i])),
      };
      byTag.set(tag.name, found);
    }
    return found;
  };
  return {
    urls,
    tags: new Map(model.tags.map((t) => [t.name, t])),
    tagItems(tag, operationId) {
      const { entries, indexOf } = tagOperations(tag);
      const overview: SidebarItem = { label: 'Overview', link: urls.tag(tag) };
      if (entries.length <= operationsListedInFull) return [overview, ...entries];
      const at = operationId === undefined ? undefined : indexOf.get(operationId);
      const start = windowStart(at, entries.length, operationsAroundCurrent);
      return [
        overview,
        ...entries.slice(start, start + 2 * operationsAroundCurrent + 1),
        // To the overview's list of every operation (a hash, so that Starlight does not mark it as the current page).
        { label: `All ${entries.length.toLocaleString('en-US')} operations`, link: `${urls.tag(tag)}#operations` },
      ];
    },
  };
});

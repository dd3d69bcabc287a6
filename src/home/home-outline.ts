/**
 * The home page, planned once from what the site has: the page (`pages/index.astro`, `components/home/HomeView.astro`)
 * and its Markdown twin (`home-markdown.ts`) both render this plan, so they cannot say different things. Its words
 * are the docs team's `home.md` where there is one, else the description's own (its summary and the opening of its
 * description); then what this site ships, and only that: the reference with its counts, the guides, the changelog
 * when there are releases, the sandbox when the build sends readers to one.
 *
 * A site of several APIs (`siteHomeOutline`) is named after the site and lists its APIs instead, each linked to its
 * reference with its summary, version and counts (and its changelog where it has releases); its words are `home.md`'s
 * only, as no one description speaks for the site.
 */
import { type ApiModel, countOf } from '../openapi/index.ts';
import type { GuideOutline } from '../publishing/guide-outline.ts';
import type { HomeWords } from '../publishing/home-words.ts';
import { changelogDescription, changelogPath, changelogPathsAt } from '../reference/changelog/changelog-sections.ts';
import { type BuildSandbox, type SandboxSection, sandboxOutline } from '../reference/pages/introduction-outline.ts';
import { referenceUrls } from '../reference/routes.ts';
import { type HomeGlance, homeGlance } from '../reference/site-lists/home-glance.ts';
import { cutAtSentence } from '../reference/site-lists/llms-text.ts';
import { sitePath } from '../reference/site-path.ts';
import { markdownToText } from '../render/markdown.ts';
import { apiLabels } from '../site/api-labels.ts';
import { descriptionOpening } from './description-opening.ts';

/** The home page's path, and its twin's: `/index.md`, where `twinOf` would give `.md` for `/`. */
export const homePath = '/';
export const homeTwinPath = '/index.md';

export interface HomeLink {
  label: string;
  href: string;
}

export interface HomeOutline {
  /** The `h1` and `<title>`: `home.md`'s title, else the site's title from portal.json, else "<API title> documentation". */
  title: string;
  /** The line under it: `home.md`'s description, else the description's summary. */
  tagline: string | undefined;
  /** The meta description: the tagline, else a line saying what the site holds. */
  description: string;
  /** Where a reader goes next, as the hero's buttons: the reference, and Getting started where it ships. */
  actions: (HomeLink & { primary: boolean })[];
  /** Markdown (sanitised where it is rendered): `home.md`'s, or the opening of the description. */
  words?: { markdown: string; from: 'home.md' | 'description' };
  /** Where the rest of a description cut short is: the introduction's "About this API". */
  more?: HomeLink;
  /** What the API holds: a one-API site's. */
  glance?: HomeGlance;
  /** The APIs of a site of several, each linked to its reference. */
  apis?: { id: string; title: string; items: HomeApiItem[] };
  guides?: { id: string; title: string; items: (HomeLink & { description: string | undefined })[] };
  changelog?: { id: string; title: string; text: string; link: HomeLink };
  sandbox?: SandboxSection;
}

/** One API of a site of several, as its home page lists it. */
export interface HomeApiItem {
  /** Its title, linked to its reference's introduction. */
  title: string;
  href: string;
  /** `info.summary`, else the start of its description, as text on one line. */
  summary: string | undefined;
  /** "Version 1.0.0", "20 operations", "12 models". */
  facts: string[];
  /** Its changelog, where it has releases. */
  changelog?: HomeLink;
  /** Its introduction's section on its sandbox, where the build sends its console to one. */
  sandbox?: HomeLink;
}

/** What the site has besides the model: the build decides these. */
export interface HomeInputs {
  /** The guides the site ships, in reading order (`guideOutline`). */
  guides: readonly GuideOutline[];
  /** Whether the description has releases, so that the site has a changelog. */
  changelog: boolean;
  /** The sandbox the build sends readers to, if any (`guideSandbox`). */
  sandbox: BuildSandbox | undefined;
  /** `home.md` beside the description, if any (`readHomeWords`). */
  words: HomeWords | undefined;
  /** The site's own name where portal.json gives one (`title`); else the site is named after the API. */
  siteTitle?: string | undefined;
}

/** The guide "Get started" leads to, where the site ships it. */
const gettingStartedId = 'guides/getting-started';

export function homeOutline(model: ApiModel, inputs: HomeInputs): HomeOutline {
  const { info } = model;
  const urls = referenceUrls(model);
  const title = inputs.words?.title ?? inputs.siteTitle ?? `${info.title} documentation`;
  const tagline = inputs.words?.description ?? info.summary;
  const opening = inputs.words ? undefined : descriptionOpening(info.description ?? '');
  const gettingStarted = inputs.guides.find((guide) => guide.id === gettingStartedId);
  const sandbox = sandboxOutline(model, inputs.sandbox);
  const words = inputs.words?.markdown
    ? { markdown: inputs.words.markdown, from: 'home.md' as const }
    : opening?.markdown
      ? { markdown: opening.markdown, from: 'description' as const }
      : undefined;
  return {
    title,
    tagline,
    description: tagline ?? siteLine(info.title, inputs.guides.length > 0),
    actions: [
      { label: 'Read the API reference', href: urls.introduction, primary: true },
      ...(gettingStarted ? [{ label: 'Get started', href: gettingStarted.path, primary: false }] : []),
    ],
    ...(words && { words }),
    ...(opening?.cut && {
      more: { label: 'The whole description: About this API', href: `${urls.introduction}#about` },
    }),
    glance: homeGlance(model),
    ...(inputs.guides.length > 0 && {
      guides: {
        id: 'guides',
        title: 'Guides',
        items: inputs.guides.map((guide) => ({ label: guide.title, href: guide.path, description: guide.description })),
      },
    }),
    ...(inputs.changelog && {
      changelog: {
        id: 'changelog',
        title: 'Changelog',
        text: changelogDescription(info.title),
        link: { label: 'Read the changelog', href: sitePath(changelogPath) },
      },
    }),
    ...(sandbox && { sandbox }),
  };
}

/** A meta description for a description without a summary: what the site holds, nothing it lacks. */
const siteLine = (apiTitle: string, guides: boolean) =>
  `The ${apiTitle}'s reference${guides ? ' and guides' : ''}, built from its OpenAPI description.`;

/** One API of a site of several, for its home page: its model (published at its base), where, and its releases. */
export interface HomeApi {
  model: ApiModel;
  /** Its base from the site's root: `reference/payments` (`PortalApi.base`). */
  base: string;
  /** Whether it has releases, so a changelog. */
  changelog: boolean;
  /** The sandbox the build sends its console to, if any (`guideSandbox`). */
  sandbox: BuildSandbox | undefined;
}

/** Past this, a card's summary is cut after a sentence: a line or three, not the description's first page. */
export const apiSummaryAtMost = 240;

/** The home page of a site of several APIs: named after the site, listing each API, then the guides. */
export function siteHomeOutline(
  apis: readonly HomeApi[],
  inputs: Omit<HomeInputs, 'changelog' | 'sandbox'>,
): HomeOutline {
  const gettingStarted = inputs.guides.find((guide) => guide.id === gettingStartedId);
  const count = countOf(apis.length, 'API');
  const title = inputs.words?.title ?? inputs.siteTitle ?? 'API documentation';
  // Named as the sidebar names them: two APIs of one title by their id too.
  const labels = apiLabels(apis.map(({ model, base }) => ({ id: base.split('/').at(-1), title: model.info.title })));
  const tagline =
    inputs.words?.description ?? `The reference${inputs.guides.length > 0 ? ' and guides' : ''} of ${count}.`;
  const apisId = 'apis';
  return {
    title,
    tagline,
    description: tagline,
    actions: [
      { label: `See the ${count}`, href: `#${apisId}`, primary: true },
      ...(gettingStarted ? [{ label: 'Get started', href: gettingStarted.path, primary: false }] : []),
    ],
    ...(inputs.words?.markdown && { words: { markdown: inputs.words.markdown, from: 'home.md' as const } }),
    apis: { id: apisId, title: 'APIs', items: apis.map((api, i) => homeApiItem(api, labels[i])) },
    ...(inputs.guides.length > 0 && {
      guides: {
        id: 'guides',
        title: 'Guides',
        items: inputs.guides.map((guide) => ({ label: guide.title, href: guide.path, description: guide.description })),
      },
    }),
  };
}

function homeApiItem({ model, base, changelog, sandbox }: HomeApi, label: string | undefined): HomeApiItem {
  const { info } = model;
  const introduction = referenceUrls(model).introduction;
  const sandboxSection = sandboxOutline(model, sandbox);
  return {
    title: label ?? info.title,
    href: introduction,
    summary: apiSummary(model),
    facts: [`Version ${info.version}`, homeGlance(model).counts.operations, countOf(model.schemas.length, 'model')],
    ...(changelog && { changelog: { label: 'Changelog', href: sitePath(changelogPathsAt(base).page) } }),
    ...(sandboxSection && { sandbox: { label: 'Sandbox', href: `${introduction}#${sandboxSection.id}` } }),
  };
}

/** `info.summary`, else the first paragraph of the description, as text, cut after a sentence. */
function apiSummary(model: ApiModel): string | undefined {
  const { summary, description } = model.info;
  const first = summary ?? descriptionOpening(description ?? '')?.markdown.split(/\n\s*\n/)[0];
  const text = first && cutAtSentence(summary ? first : markdownToText(first), apiSummaryAtMost);
  return text || undefined;
}

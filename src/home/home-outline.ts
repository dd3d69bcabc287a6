/**
 * The home page, planned once from what the site has: the page (`pages/index.astro`, `components/home/HomeView.astro`)
 * and its Markdown twin (`home-markdown.ts`) both render this plan, so they cannot say different things. Its words
 * are the docs team's `home.md` where there is one, else the description's own (its summary and the opening of its
 * description); then what this site ships, and only that: the reference with its counts, the guides, the changelog
 * when there are releases, the sandbox when the build sends readers to one.
 */
import type { ApiModel } from '../openapi/index.ts';
import type { GuideOutline } from '../publishing/guide-outline.ts';
import type { HomeWords } from '../publishing/home-words.ts';
import { changelogDescription, changelogPath } from '../reference/changelog/changelog-sections.ts';
import { type BuildSandbox, type SandboxSection, sandboxOutline } from '../reference/pages/introduction-outline.ts';
import { referenceUrls } from '../reference/routes.ts';
import { type HomeGlance, homeGlance } from '../reference/site-lists/home-glance.ts';
import { sitePath } from '../reference/site-path.ts';
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
  glance: HomeGlance;
  guides?: { id: string; title: string; items: (HomeLink & { description: string | undefined })[] };
  changelog?: { id: string; title: string; text: string; link: HomeLink };
  sandbox?: SandboxSection;
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

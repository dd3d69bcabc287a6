/**
 * The reference introduction's outline: its sections in reading order, with their ids and titles and what each
 * shows (the tag lists, servers, security schemes, the description's own sections). The view renders it, and the
 * table of contents and the Markdown twin are derived from it, so the three cannot disagree about the page.
 * Pure: the model in, the plan out. What the model cannot know (the download files, the build's sandbox) the
 * view and the twin are given apart.
 */
import {
  type ApiDemoKey,
  type ApiModel,
  type ApiRatePlan,
  type ApiServer,
  oncePerModel,
  operationCount,
  sampleTargets,
  sandboxDemoKeys,
  sandboxKeyIssuer,
  sandboxServer,
} from '../../openapi/index.ts';
import { markdownHeadings } from '../../render/markdown.ts';
import { listedApiId } from '../../site/listed-api.ts';
import { operationTitle, referenceUrls, tagLabel } from '../routes.ts';
import {
  groupAnchor,
  ungroupedAnchor,
  ungroupedHeading,
  ungroupedInWindow,
  ungroupedTags,
} from '../site-lists/navigation.ts';
import { introductionParts, introductionSections } from './introduction-parts.ts';
import type { DescribedText, OutlineSection, PageOutlineHeading } from './outline-sections.ts';

/** A tag as the introduction lists it: its link, its label and its count of operations (` — 3 operations`). */
export interface TagItem {
  href: string;
  label: string;
  count: string;
  /** Its group's anchor, where tags in no group are listed together (links to `#group-…` still land on it). */
  anchor?: string;
}

export interface GroupSection {
  id: string;
  title: string;
  description: string | undefined;
  tags: TagItem[];
}

export interface SchemeSection {
  id: string;
  /** The scheme's key under `components.securitySchemes`. */
  title: string;
  apiKey?: { name: string; where: string };
  httpScheme?: string;
  openIdConnectUrl?: string;
  flows: {
    /** The flow by the name a reader knows it by (`authorization code`). */
    label: string;
    urls: { label: string; url: string }[];
    scopes: { name: string; description: string }[];
  }[];
  description: string | undefined;
}

export interface IntroductionOutline {
  /** `Version 1.0.0 · OpenAPI 3.0.3 · 12 operations · 8 models`. */
  meta: string;
  /** How to read an operation page: only where there are operations. */
  reading?: OutlineSection & {
    /** The sample languages, in words (`curl, JavaScript, Python and Go`). */
    languages: string;
    /** The sandbox's demo keys' plans, the first the key Try it fills in. */
    demoPlans: string[];
  };
  downloads: OutlineSection;
  groups?: OutlineSection & { groups: GroupSection[]; ungrouped?: GroupSection };
  servers?: OutlineSection & { servers: ApiServer[] };
  authentication?: OutlineSection & { own?: DescribedText; schemes: SchemeSection[] };
  rateLimits?: OutlineSection & {
    /** The description's own section on rate limits, shown instead of the generated table and sentence. */
    own?: DescribedText;
    plans: ApiRatePlan[];
    /** Where the generated sentence sends a reader for the refusal's code. */
    errorsHref: string;
    temporaryBan?: { afterRejectedRequests: number; minutes: number; status: number; code: string };
  };
  about: OutlineSection & {
    own?: DescribedText;
    contact?: { url?: string; name?: string; email?: string };
    license?: { url?: string; name: string };
  };
  /** The sandbox readers are sent to: the build's hosted one, else the description's local one, if any. */
  sandbox?: SandboxSection;
}

/** The section on the sandbox (the introduction's and the home page's). */
export interface SandboxSection extends OutlineSection {
  hosted: boolean;
  url: string;
  /** The header a key is sent in. */
  keyHeader?: string;
  /** The operation that issues a key of one's own, where the API has one. */
  issuer?: { href: string; title: string };
  /** The local sandbox's demo keys, lowest plan first (none for a hosted one). */
  demoKeys: ApiDemoKey[];
}

/** What the build knows and the model does not: where Try it goes, and whether that is a hosted sandbox. */
export interface BuildSandbox {
  hosted: boolean;
  url: string;
}

/** The prefixes of the ids of the description's headings, shown in the sections of these names. */
export const aboutHeadingIds = 'about-api-';
export const authenticationHeadingIds = 'authentication-';
export const rateLimitHeadingIds = 'rate-limits-';

/** OAuth 2 flows by the name a reader knows them by. */
const flowLabels: Record<string, string> = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  implicit: 'implicit',
  password: 'password',
  deviceAuthorization: 'device authorization',
};
const flowUrlLabels = [
  ['authorizationUrl', 'Authorize at'],
  ['deviceAuthorizationUrl', 'Start device authorization at'],
  ['tokenUrl', 'Get tokens from'],
  ['refreshUrl', 'Refresh them at'],
] as const;

/** `a, b and c`. */
export const listOf = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const described = (text: string | undefined, headingIds: string): DescribedText | undefined =>
  text ? { text, headingIds } : undefined;

export function introductionOutline(model: ApiModel, sandbox?: BuildSandbox): IntroductionOutline {
  return { ...sectionsOf(model), ...sandboxSection(model, sandbox) };
}

function sandboxSection(model: ApiModel, sandbox: BuildSandbox | undefined): Pick<IntroductionOutline, 'sandbox'> {
  const section = sandboxOutline(model, sandbox);
  return section ? { sandbox: section } : {};
}

/** The section on the sandbox, where the build sends readers to one: hosted, or the description's local one. */
export function sandboxOutline(model: ApiModel, sandbox: BuildSandbox | undefined): SandboxSection | undefined {
  const keyHeader = model.securitySchemes.find((scheme) => scheme.apiKey)?.apiKey?.name;
  const issuer = sandboxKeyIssuer(model);
  const common = {
    id: 'sandbox',
    ...(keyHeader && { keyHeader }),
    ...(issuer && { issuer: { href: referenceUrls(model).operation(issuer), title: operationTitle(issuer) } }),
  };
  if (sandbox?.hosted) {
    return { ...common, title: 'Try it against the sandbox', hosted: true, url: sandbox.url, demoKeys: [] };
  }
  const local = sandboxServer(model);
  if (!sandbox || !local) return undefined;
  return {
    ...common,
    title: 'Try it against the local sandbox',
    hosted: false,
    // An API of a site of several is served below its own path of the one sandbox service (`/<id>`): the address
    // its console calls. A one-API site's, the description's as written.
    url: listedApiId(model) === undefined ? local.url : sandbox.url,
    demoKeys: sandboxDemoKeys(model),
  };
}

const sectionsOf = oncePerModel((model: ApiModel): IntroductionOutline => {
  const urls = referenceUrls(model);
  const parts = introductionParts(model);
  const shows = introductionSections(model);
  const tagsByName = new Map(model.tags.map((tag) => [tag.name, tag]));
  const tagItem = (name: string): TagItem | undefined => {
    const tag = tagsByName.get(name);
    if (!tag) return undefined;
    const count = tag.operations.length > 0 ? ` — ${operationCount(model, tag.operations)}` : '';
    return { href: urls.tag(tag), label: tagLabel(tag), count };
  };
  // Many tags in no group are one list, where the sidebar's "All … tags" leads, rather than a section each.
  const together = ungroupedInWindow(model);
  const limits = model.rateLimits;
  const ban = limits?.temporaryBan;
  return {
    meta: `Version ${model.info.version} · OpenAPI ${model.openapi} · ${operationCount(model)} · ${model.schemas.length} models`,
    ...(shows.reading && {
      reading: {
        id: 'reading',
        title: 'Reading an operation page',
        languages: listOf(sampleTargets.map((target) => target.label)),
        demoPlans: sandboxDemoKeys(model).map((key) => key.plan),
      },
    }),
    downloads: { id: 'downloads', title: 'Downloads' },
    ...(shows.groups && {
      groups: {
        id: 'groups',
        title: 'Operations by group',
        groups: (together ? model.tagGroups.filter((group) => !group.implicit) : model.tagGroups).map((group) => ({
          id: groupAnchor(group.name),
          title: tagLabel(group),
          description: group.description,
          tags: group.tags.flatMap((name) => tagItem(name) ?? []),
        })),
        ...(together && {
          ungrouped: {
            id: ungroupedAnchor,
            title: ungroupedHeading(model),
            description: undefined,
            tags: ungroupedTags(model).flatMap((name) => {
              const item = tagItem(name);
              return item ? [{ ...item, anchor: groupAnchor(name) }] : [];
            }),
          },
        }),
      },
    }),
    ...(shows.servers && { servers: { id: 'servers', title: 'Servers', servers: model.servers } }),
    ...(shows.authentication && {
      authentication: {
        id: 'authentication',
        title: 'Authentication',
        ...optional('own', described(parts.authentication, authenticationHeadingIds)),
        schemes: model.securitySchemes.map(
          (scheme): SchemeSection => ({
            id: `scheme-${scheme.key}`,
            title: scheme.key,
            ...(scheme.apiKey && {
              apiKey: {
                name: scheme.apiKey.name,
                where: scheme.apiKey.in === 'query' ? 'query parameter' : scheme.apiKey.in,
              },
            }),
            ...optional('httpScheme', scheme.httpScheme),
            ...optional('openIdConnectUrl', scheme.openIdConnectUrl),
            flows: (scheme.oauthFlows ?? []).map((flow) => ({
              label: flowLabels[flow.flow] ?? flow.flow,
              urls: flowUrlLabels.flatMap(([key, label]) => {
                const url = flow[key];
                return url ? [{ label, url }] : [];
              }),
              scopes: flow.scopes,
            })),
            description: scheme.description,
          }),
        ),
      },
    }),
    ...(shows.rateLimits && {
      rateLimits: {
        id: 'rate-limits',
        title: 'Rate limits',
        ...optional('own', described(parts.rateLimits, rateLimitHeadingIds)),
        plans: limits?.plans ?? [],
        errorsHref: urls.errors,
        ...(ban && {
          temporaryBan: {
            afterRejectedRequests: ban.afterRejectedRequests,
            minutes: ban.durationSeconds / 60,
            status: ban.status,
            code: ban.code,
          },
        }),
      },
    }),
    about: {
      id: 'about',
      title: 'About this API',
      ...optional('own', described(parts.about, aboutHeadingIds)),
      ...optional('contact', model.info.contact),
      ...optional('license', model.info.license),
    },
  };
});

/** `{ [key]: value }` when there is a value, else nothing (optional properties stay absent, not `undefined`). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** The page's table of contents: its sections, with the description's headings under the sections they are in. */
export function introductionHeadings(outline: IntroductionOutline): PageOutlineHeading[] {
  const section = (s: OutlineSection | undefined, own?: DescribedText): PageOutlineHeading[] =>
    s
      ? [
          { depth: 2, id: s.id, title: s.title },
          ...(own
            ? markdownHeadings(own.text, { highestHeading: 3, headingIds: own.headingIds }).map((h) => ({
                depth: h.depth,
                id: h.slug,
                title: h.text,
              }))
            : []),
        ]
      : [];
  return [
    ...section(outline.reading),
    ...section(outline.downloads),
    ...section(outline.groups),
    ...section(outline.servers),
    ...section(outline.authentication, outline.authentication?.own),
    ...section(outline.rateLimits, outline.rateLimits?.own),
    ...section(outline.about, outline.about.own),
    ...section(outline.sandbox),
  ];
}

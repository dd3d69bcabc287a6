/**
 * What a site says beyond its description — its domains, its brand (title, logo, accent colour), the links of its
 * header, banner and footer, and which of the portal's own guides it ships — typed and validated, with errors that
 * say what is wrong and where. It is read from `portal.json` beside the description (portal-config.ts); a
 * description without one gets no domain, no redirects, the description's title and logo, and none of those guides.
 * The build turns the domains into host files (_redirects, CNAME) and the brand into Starlight's settings
 * (site-brand.ts).
 */
import { z } from 'astro/zod';
import { nearMatches } from '../openapi/index.ts';
import { accentThemes, contrastFailure, contrastProblem, hexColor } from './accent-colors.ts';

const domain = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a lower-case domain name such as docs.example.org',
  );

const redirect = z.object({
  /** A domain that should send its visitors to another one. */
  from: domain,
  /** Where they go; a domain of this config (the canonical one by default). */
  to: domain.optional(),
  /** 301 (permanent) unless another redirect status is chosen. */
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301),
});

/** The facts of the platform's project hosting that the custom-domains guide quotes. */
const projectHosting = z.object({
  /** Lowest plan that may serve a project at its own domain (a plan of `x-rate-limits`). */
  minimumPlan: z.string(),
  /** Suggested TTL for the CNAME record, in seconds. */
  cnameTtlSeconds: z.number().int().positive(),
  /** How long DNS changes can take to propagate, in hours. */
  propagationHours: z.number().positive(),
  /** The HTTP status of a redirect entry unless another is chosen. */
  redirectStatus: z.number().int(),
  /** The platform host a subdomain's CNAME points at. */
  platformTarget: domain,
  /** The platform-assigned subdomain a project gets by default. */
  defaultSubdomain: domain,
});

/**
 * Where a link of the config may lead: an https:// address, or a path on this site (`/guides/errors/`). Nothing a
 * page would run or hand to another scheme (`javascript:`, `data:`), nor `//host` (another site, without saying so).
 */
export function isSafeHref(href: string): boolean {
  if (/[\s\\\p{Cc}]/u.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  try {
    return new URL(href).protocol === 'https:' && href.startsWith('https://');
  } catch {
    return false;
  }
}

const href = z
  .string()
  .refine(isSafeHref, 'must be an https:// address or a path on this site such as /guides/errors/');

/** A link the config adds to every page: `{ "label": "Dashboard", "href": "https://app.example.org/" }`. */
const link = z
  .object({
    /** The link's words, as a reader sees and a screen reader says them. */
    label: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
    /** An https:// address or a path on this site. */
    href,
  })
  .strict();

/** Image types a logo may be: what every browser shows in an `<img>`. */
export const logoExtensions = ['svg', 'png', 'webp', 'jpg', 'jpeg', 'gif', 'avif'] as const;

/** A logo file, relative to portal.json and inside its folder: `"logo.svg"`. */
const logoFile = z
  .string()
  .min(1, 'must name a file')
  .refine(
    (file) => new RegExp(`\\.(${logoExtensions.join('|')})$`, 'i').test(file),
    `must be an image file (${logoExtensions.map((e) => `.${e}`).join(', ')})`,
  )
  .refine((file) => !/^[a-z][a-z0-9+.-]*:/i.test(file), 'must be a file beside portal.json, not an address');

/** An API's id in a site of several: its path segment under /reference/. */
export const apiId = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * Ids an API may not take: the sandbox service serves each API below `/<id>`, beside its own root paths, the docs'
 * MCP server (`/mcp`) and the health check (`/sandbox/health`). An API there would answer for them, or they for it.
 */
export const reservedApiIds = ['mcp', 'sandbox'] as const;

/** APIs one site lists at most: a family the size of Twilio's (40-odd descriptions) fits with room to spare. */
export const maxApis = 200;

export const siteConfigSchema = z
  .object({
    /** The site's title, in its header and every page's `<title>`: `"Acme API"`. Unset, the description's info.title. */
    title: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').optional(),
    /**
     * The header's logo, beside the title: an image file relative to portal.json (`"logo.svg"`), or one per theme
     * (`{ "light": "logo.svg", "dark": "logo-dark.svg" }`). An SVG must be plain drawing (svg-check.ts). Unset, the
     * description's Redoc `x-logo` when its `url` is a file beside it; none otherwise.
     */
    logo: z.union([logoFile, z.object({ light: logoFile, dark: logoFile }).strict()]).optional(),
    /**
     * The brand colour, a CSS hex colour (`"#0b5fff"`): links, the title and the current page in the light theme;
     * the dark theme gets a light tint of its hue (accent-colors.ts). Refused when links in it would fall short of
     * WCAG AA (4.5:1) in either theme.
     */
    accentColor: z.string().regex(hexColor, 'must be a CSS hex colour such as #0b5fff').optional(),
    /**
     * Links in the header (below 72rem, in the sidebar; the menu on a phone):
     * `[{ "label": "Dashboard", "href": "https://app.example.org/" }]`.
     */
    navLinks: z.array(link).max(6, 'at most 6 links fit in a header').default([]),
    /** A notice above every page, which a reader may dismiss: `{ "text": "v2 is out", "href": "/changelog/" }`. Plain text. */
    banner: z
      .object({
        /** What it says, as plain text (no Markdown, no HTML). */
        text: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
        /** Where it leads, if anywhere: the whole text is then the link. */
        href: href.optional(),
      })
      .strict()
      .optional(),
    /** Links at the foot of every page: `[{ "label": "Status", "href": "https://status.example.org/" }]`. */
    footer: z.array(link).max(12, 'at most 12 links').default([]),
    /**
     * Which of the portal's own guides (src/content/docs/guides/, by file name: `"errors"`) ship, beyond what
     * each needs from the description: only those `include` names, or all but those `exclude` names. A docs team's
     * own guides beside the description always ship.
     */
    guides: z
      .object({ include: z.array(z.string()).optional(), exclude: z.array(z.string()).optional() })
      .strict()
      .refine((guides) => !(guides.include && guides.exclude), 'name guides to include or to exclude, not both')
      .optional(),
    /** The one domain the portal is served at; every other domain redirects to it. */
    canonicalDomain: domain.optional(),
    /** Other domains and where they redirect. */
    redirects: z.array(redirect).default([]),
    /** Whether to write a CNAME file (for hosts that read one), when there is a canonical domain. */
    cname: z.boolean().default(true),
    /** Ship the guides for the docs team that runs this portal (Publishing the portal). */
    docsTeamGuides: z.boolean().default(false),
    /** The product's project hosting, for the custom-domains guide; without it, that guide is left out. */
    projectHosting: projectHosting.optional(),
    /**
     * The earlier major versions whose reference stays published (`[1]`: `/reference/1.x/`), each from its last
     * release file; unset, every earlier major with a release. Checked against the release files at build.
     */
    publishedMajors: z.array(z.number().int().nonnegative()).optional(),
    /**
     * The APIs of a site that documents several, each with its own reference under `/reference/<id>/`:
     * `[{ "id": "payments", "spec": "payments/openapi.yaml", "releases": "payments/releases" }]`, paths relative to
     * portal.json. Unset, the site documents the one description beside portal.json, at `/reference/`.
     */
    apis: z
      .array(
        z
          .object({
            /** Its path segment, `/reference/<id>/`: lower-case letters, digits and hyphens. */
            id: z.string().regex(apiId, 'must be lower-case letters, digits and hyphens, at most 40 characters'),
            /** Its description, relative to portal.json. */
            spec: z.string().trim().min(1, 'must not be empty'),
            /** Its releases folder (where `spec:release` writes), relative to portal.json; unset, it has none. */
            releases: z.string().trim().min(1, 'must not be empty').optional(),
            /** Which of its earlier majors stay published, as `publishedMajors` does for a one-API site. */
            publishedMajors: z.array(z.number().int().nonnegative()).optional(),
          })
          .strict(),
      )
      .min(1, 'must list at least one API')
      .max(maxApis, `must list at most ${maxApis} APIs`)
      .optional(),
    /** The live console (Try it). */
    tryIt: z
      .object({
        /**
         * Send the console's requests to the description's own servers (not the sandbox) through the sandbox
         * service's guarded pass-through, `/proxy` (`src/sandbox/pass-through/`): for a real API that does not
         * answer CORS for the docs site. It reaches only the servers the description lists; the samples keep their
         * real URLs. Off by default.
         */
        passThrough: z.boolean().default(false),
      })
      .strict()
      .optional(),
  })
  .strict();

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

/** What is wrong in a site config, and at which field (the path of keys and indexes to it). */
export interface SiteConfigProblem {
  path: readonly (string | number)[];
  message: string;
}

/** A site config that is not valid: one line per problem, `field: what is wrong` (portal-config.ts adds file:line). */
export class SiteConfigError extends Error {
  readonly problems: string[];
  readonly located: readonly SiteConfigProblem[];

  constructor(problems: readonly (string | SiteConfigProblem)[]) {
    const lines = problems.map((p) => (typeof p === 'string' ? p : `${p.path.join('.') || '(config)'}: ${p.message}`));
    super(lines.join('\n'));
    this.name = 'SiteConfigError';
    this.problems = lines;
    this.located = problems.filter((p): p is SiteConfigProblem => typeof p !== 'string');
  }
}

/** Checks a config: its shape, then the rules between fields (targets are configured domains, no loops). */
export function defineSiteConfig(input: SiteConfigInput): SiteConfig {
  const parsed = siteConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems: SiteConfigProblem[] = parsed.error.issues.flatMap(branchIssues).flatMap((issue) => {
      const path = issue.path.filter((key) => typeof key !== 'symbol');
      if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
        return [{ path, message: 'is missing' }];
      if (issue.code !== 'unrecognized_keys') return [{ path, message: issue.message }];
      // An unknown key is placed at itself, not at the object holding it, with the allowed keys it is near.
      const allowed = keysAt(siteConfigSchema, path);
      return issue.keys.map((key) => {
        const [near] = nearMatches(key, allowed, 1);
        return { path: [...path, key], message: `unknown key${near ? `; did you mean "${near}"?` : ''}` };
      });
    });
    // A misspelt required key is said once, as the misspelling: not also as the key that is missing.
    const meant = new Set(
      problems.flatMap((p) => {
        const near = /did you mean "(.+)"\?$/.exec(p.message)?.[1];
        return near ? [[...p.path.slice(0, -1), near].join('.')] : [];
      }),
    );
    throw new SiteConfigError(problems.filter((p) => !(p.message === 'is missing' && meant.has(p.path.join('.')))));
  }
  const config = parsed.data;
  const problems: SiteConfigProblem[] = [];
  const problem = (path: (string | number)[], message: string) => {
    if (!problems.some((p) => p.message === message && p.path.join('.') === path.join('.')))
      problems.push({ path, message });
  };
  if (config.accentColor) {
    const failure = contrastFailure(accentThemes(config.accentColor));
    if (failure) problem(['accentColor'], contrastProblem(config.accentColor, failure));
  }
  if (config.redirects.length > 0 && !config.canonicalDomain) {
    problem(['redirects'], 'there is no canonicalDomain for them to lead to');
  }
  const known = new Set([config.canonicalDomain, ...config.redirects.map((r) => r.from)]);
  config.redirects.forEach((r, i) => {
    const target = r.to ?? config.canonicalDomain;
    if (!known.has(target)) problem(['redirects', i, 'to'], `${target} is not a domain of this config`);
    if (target === r.from) problem(['redirects', i], `${r.from} redirects to itself`);
    if (r.from === config.canonicalDomain) problem(['redirects', i, 'from'], 'the canonical domain cannot redirect');
  });
  // Follow each chain: it must end at the canonical domain without coming back.
  const next = new Map(config.redirects.map((r) => [r.from, r.to ?? config.canonicalDomain]));
  for (const start of next.keys()) {
    const seen = new Set([start]);
    let at = next.get(start);
    while (at !== undefined && next.has(at)) {
      if (seen.has(at)) {
        problem(['redirects'], `${[...seen, at].join(' → ')} is a loop`);
        break;
      }
      seen.add(at);
      at = next.get(at);
    }
  }
  const duplicates = config.redirects.map((r) => r.from).filter((d, i, all) => all.indexOf(d) !== i);
  for (const d of new Set(duplicates)) problem(['redirects'], `${d} is listed twice`);
  config.apis?.forEach((api, i, all) => {
    if (all.findIndex((other) => other.id === api.id) < i) problem(['apis', i, 'id'], `"${api.id}" is listed twice`);
    if ((reservedApiIds as readonly string[]).includes(api.id)) {
      problem(['apis', i, 'id'], `"${api.id}" is the sandbox service's own path (/${api.id}); choose another id`);
    }
  });
  if (config.apis && config.publishedMajors) {
    problem(['publishedMajors'], 'with several APIs, set publishedMajors on each API in "apis"');
  }
  if (problems.length > 0) throw new SiteConfigError(problems);
  return config;
}

type Issue = z.core.$ZodIssue;

/**
 * A union's failure as the problems of the branch the value was meant for (the one whose type it has): a logo
 * object with a misspelt key says so, rather than zod's "Invalid input".
 */
function branchIssues(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const meant = issue.errors.find((branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0));
  if (!meant) return [issue];
  return meant.flatMap((inner) => branchIssues({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/** The keys an object of the schema allows at `path` (through optional, default, array and union wrappers). */
function keysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  const unwrap = (type: z.ZodType | undefined): z.ZodType | undefined => {
    if (type instanceof z.ZodOptional || type instanceof z.ZodDefault) return unwrap(type.unwrap() as z.ZodType);
    if (type instanceof z.ZodUnion) return (type.options as z.ZodType[]).find((o) => o instanceof z.ZodObject);
    return type;
  };
  let at = unwrap(schema);
  for (const step of path) {
    if (typeof step === 'number') at = unwrap(at instanceof z.ZodArray ? (at.element as z.ZodType) : undefined);
    else at = unwrap(at instanceof z.ZodObject ? (at.shape as Record<string, z.ZodType>)[step] : undefined);
  }
  return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

/**
 * What a site says beyond its description — its domains, and which of the
 * portal's own guides it ships — typed and validated, with errors that say
 * what is wrong and where. It is read from `portal.json` beside the
 * description (portal-config.ts); a description without one gets no domain,
 * no redirects and none of those guides. The build turns the domains into
 * host files (_redirects, CNAME).
 */
import { z } from 'astro/zod';

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

export const siteConfigSchema = z
  .object({
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
    throw new SiteConfigError(
      parsed.error.issues.map((issue) => {
        const path = issue.path.filter((key) => typeof key !== 'symbol');
        // An unknown key is placed at itself, not at the object holding it.
        const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
        return { path: key === undefined ? path : [...path, key], message: issue.message };
      }),
    );
  }
  const config = parsed.data;
  const problems: SiteConfigProblem[] = [];
  const problem = (path: (string | number)[], message: string) => {
    if (!problems.some((p) => p.message === message && p.path.join('.') === path.join('.')))
      problems.push({ path, message });
  };
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
  if (problems.length > 0) throw new SiteConfigError(problems);
  return config;
}

/**
 * The portal's own publishing settings — its domains — typed and validated,
 * with errors that say what is wrong and where. The build turns them into
 * host files (_redirects, CNAME, _headers).
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

export const siteConfigSchema = z.object({
  /** The one domain the portal is served at; every other domain redirects to it. */
  canonicalDomain: domain,
  /** Other domains and where they redirect. */
  redirects: z.array(redirect).default([]),
  /** Whether to write a CNAME file (for hosts that read one). */
  cname: z.boolean().default(true),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

export class SiteConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`The site config is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SiteConfigError';
    this.problems = problems;
  }
}

/** Checks a config: its shape, then the rules between fields (targets are configured domains, no loops). */
export function defineSiteConfig(input: SiteConfigInput): SiteConfig {
  const parsed = siteConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new SiteConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(config)'}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  const problems: string[] = [];
  const known = new Set([config.canonicalDomain, ...config.redirects.map((r) => r.from)]);
  config.redirects.forEach((r, i) => {
    const target = r.to ?? config.canonicalDomain;
    if (!known.has(target)) problems.push(`redirects.${i}.to: ${target} is not a domain of this config`);
    if (target === r.from) problems.push(`redirects.${i}: ${r.from} redirects to itself`);
    if (r.from === config.canonicalDomain) problems.push(`redirects.${i}.from: the canonical domain cannot redirect`);
  });
  // Follow each chain: it must end at the canonical domain without coming back.
  const next = new Map(config.redirects.map((r) => [r.from, r.to ?? config.canonicalDomain]));
  for (const start of next.keys()) {
    const seen = new Set([start]);
    let at = next.get(start);
    while (at !== undefined && next.has(at)) {
      if (seen.has(at)) {
        problems.push(`redirects: ${[...seen, at].join(' → ')} is a loop`);
        break;
      }
      seen.add(at);
      at = next.get(at);
    }
  }
  const duplicates = config.redirects.map((r) => r.from).filter((d, i, all) => all.indexOf(d) !== i);
  for (const d of new Set(duplicates)) problems.push(`redirects: ${d} is listed twice`);
  if (problems.length > 0) throw new SiteConfigError([...new Set(problems)]);
  return config;
}

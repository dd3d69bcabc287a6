/**
 * Which guides a site ships: a guide lists in its frontmatter's `requires` what it quotes from the description (an
 * error catalog, rate limits, …), the operations its samples call (`operation:listPets`) or the site config
 * (`siteFacts`), and is left out of a site without them. The guide outline (guide-outline.ts) asks here, and the
 * docs collection and the MCP server's guide search both read that outline, so they agree on the guides a site has.
 */
import { type ApiModel, type DescriptionFact, descriptionFacts, descriptionHas } from '../openapi/index.ts';
import type { SiteConfig } from '../site/site-config.ts';

/**
 * What a guide may need from the site config rather than the description: the product's project hosting (the
 * custom-domains guide), or being the docs team's own site (the guide to publishing this portal).
 */
export const siteFacts = ['projectHosting', 'docsTeam'] as const;
type SiteFact = (typeof siteFacts)[number];
export type GuideFact = DescriptionFact | SiteFact | `operation:${string}`;

/** Every fact a guide may require by name (`operation:<operationId>` aside). */
export const namedFacts = [...descriptionFacts, ...siteFacts] as const;

function siteHas(config: SiteConfig, fact: SiteFact): boolean {
  return fact === 'projectHosting' ? config.projectHosting !== undefined : config.docsTeamGuides;
}

/** Whether the site has `fact`. */
export function siteMeets(model: ApiModel, config: SiteConfig, fact: GuideFact): boolean {
  if (fact.startsWith('operation:')) return model.operations.some((o) => o.operationId === fact.slice(10));
  return (siteFacts as readonly string[]).includes(fact)
    ? siteHas(config, fact as SiteFact)
    : descriptionHas(model, fact as DescriptionFact);
}

/** Whether a guide whose frontmatter says `requires` ships on this site. */
export const guideShips = (model: ApiModel, config: SiteConfig, requires: readonly GuideFact[] | undefined): boolean =>
  missingFact(model, config, requires) === undefined;

/** The first of a guide's `requires` this site lacks; undefined when it has them all. */
export const missingFact = (
  model: ApiModel,
  config: SiteConfig,
  requires: readonly GuideFact[] | undefined,
): GuideFact | undefined => (requires ?? []).find((fact) => !siteMeets(model, config, fact));

/**
 * The introduction generates sections on authentication and rate limits from the description's schemes and
 * `x-rate-limits`. A description often has its own section on the same topic (the Pet Store's does): the page shows
 * it there, in the generated section's place, and not again under "About this API", so each is said once.
 */
import { type ApiModel, oncePerModel } from '../../openapi/index.ts';
import { topSections } from '../../render/markdown.ts';

export interface IntroductionParts {
  /** The description's own section on authentication, without its heading. */
  authentication?: string;
  /** The description's own section on rate limits, without its heading. */
  rateLimits?: string;
  /** The rest of the description, for "About this API". */
  about?: string;
}

const topics = {
  authentication: /^(authentication|authenticating|authorization|auth)$/i,
  rateLimits: /^rate[- ]?limit(s|ing)?$/i,
} as const;

export const introductionParts = oncePerModel((model: ApiModel): IntroductionParts => {
  const description = model.info.description;
  if (!description) return {};
  const { lead, sections } = topSections(description);
  const parts: IntroductionParts = {};
  const kept: string[] = lead ? [lead] : [];
  for (const section of sections) {
    const topic = (Object.keys(topics) as (keyof typeof topics)[]).find(
      (key) => topics[key].test(section.heading) && parts[key] === undefined,
    );
    // Rate limits only where the page has that section (the description declares them in x-rate-limits).
    if (topic && (topic !== 'rateLimits' || model.rateLimits)) parts[topic] = section.body;
    else kept.push(section.source);
  }
  const about = kept.join('\n\n').trim();
  if (about) parts.about = about;
  return parts;
});

/** Which of the introduction's generated sections a description has something for (the page and its headings). */
export interface IntroductionSections {
  /** How to read an operation page, the groups and the servers: only where there are operations. */
  reading: boolean;
  groups: boolean;
  servers: boolean;
  authentication: boolean;
  rateLimits: boolean;
}

export const introductionSections = oncePerModel((model: ApiModel): IntroductionSections => {
  const operations = model.operations.length > 0;
  return {
    reading: operations,
    groups: operations,
    servers: operations,
    authentication: model.securitySchemes.length > 0 || introductionParts(model).authentication !== undefined,
    rateLimits: model.rateLimits !== undefined,
  };
});

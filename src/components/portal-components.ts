/**
 * The components a docs team's own guides (`guides/` beside the description) may use, by a name that stays put
 * wherever the portal keeps them: `import { RateLimitTable, Servers } from '@portal/components';` (the alias is
 * in astro.config.mjs). Each states a fact from the description the site is built from, so a team's guide quotes
 * its API's figures without restating them; where the description lacks the fact, the component draws nothing.
 */
export { default as ChangelogPointer } from './guides/ChangelogPointer.astro';
export { default as DeprecatedOperations } from './guides/DeprecatedOperations.astro';
export { default as ErrorCatalog } from './guides/ErrorCatalog.astro';
export { default as PlanRestrictions } from './guides/PlanRestrictions.astro';
export { default as RateLimitBan } from './guides/RateLimitBan.astro';
export { default as RateLimitFigure } from './guides/RateLimitFigure.astro';
export { default as SandboxAddress } from './guides/SandboxAddress.astro';
export { default as SecurityScheme } from './guides/SecurityScheme.astro';
export { default as Servers } from './guides/Servers.astro';
export { default as SpecHeaders } from './guides/SpecHeaders.astro';
export { default as SpecVersion } from './guides/SpecVersion.astro';
export { default as StabilityLevels } from './guides/StabilityLevels.astro';
export { default as Steps } from './guides/Steps.astro';
export { default as Aside } from './shared/Aside.astro';
export { default as DemoKeyTable } from './shared/DemoKeyTable.astro';
export { default as RateLimitTable } from './shared/RateLimitTable.astro';

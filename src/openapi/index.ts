/**
 * The spec model's one door: load and check a description, the model's types, the rules the sandbox, console and
 * pages share, and the helpers that read the model (references, examples, samples, dates). Everything outside
 * src/openapi/ imports from here (Biome's noRestrictedImports enforces it); the console, which ships to the
 * browser, imports the few pure modules it needs directly, so that the loader never reaches the client bundle.
 */

export { baseUrl, isUnderBase } from './base-url.ts';
export { isolateBidi, withoutControlCharacters } from './control-characters.ts';
export { countOf, hiddenCount, operationCount } from './counts.ts';
export { deprecationMarkers, isDeprecated, readDeprecation } from './deprecation.ts';
export { type ExampleRequest, exampleRequest } from './example-request.ts';
export { readXLogo } from './extensions/x-logo.ts';
export { type PublishedDocument, withoutHidden } from './hidden.ts';
export { type JoinedDescription, readJoinedDescription } from './joined-description.ts';
export { escapeSegment, fromPointer, getAtPointer, isRecord, toPointer } from './json-pointer.ts';
export {
  checkSpecText,
  defaultSpecPath,
  lastBuiltModel,
  loadApiModel,
  resolveSpecPath,
  specPathVariable,
  strictFromEnv,
} from './load-spec.ts';
export { jsonLocator, looksLikeJson } from './locate-in-json.ts';
export { operationById, tagByName } from './lookups.ts';
export { isJsonMediaType } from './media-type.ts';
export type * from './model.ts';
export { httpMethods, isHttpMethod, pathItemMethods, sentByApi } from './model.ts';
export { nearMatches } from './near-matches.ts';
export {
  enclosingOperation,
  type OperationContainer,
  operationsByPointer,
  type WalkedOperation,
  walkOperations,
} from './operation-walk.ts';
export { defaultParseLimits, type ParsedSource, parseSource } from './parse-source.ts';
export { oncePerModel } from './per-model.ts';
export { dereference, isReference } from './refs.ts';
export { isRelativeLink, savedLinkFragment } from './relative-links.ts';
export { statusCovers } from './response-status.ts';
export {
  anonymousQuota,
  type DescriptionFact,
  describedSandboxPlan,
  descriptionFacts,
  descriptionHas,
  issuedKeysPath,
  lowestPlanQuota,
  planAllows,
  planOrder,
  type Quota,
  sandboxDemoKeys,
  sandboxKeyIssuer,
  sandboxServer,
  servedOperations,
} from './rules.ts';
export { linkableUrl } from './safe-url.ts';
export { bodyText, type CodeSample, codeSamples, harRequest, sampleTargets } from './samples.ts';
export { exampleFromSchema } from './schema-example.ts';
export { SchemaResolver } from './schema-resolver.ts';

export {
  absoluteServerUrl,
  apiHostPlaceholder,
  httpServerUrl,
  isHostless,
  isSchemeRelative,
  type ServerLike,
  serverAddress,
  withDefaults,
} from './server-address.ts';
export { maxBasesPerServer, passThroughBases, serverBaseUrls } from './server-bases.ts';

export { separateWords, slugify, uniqueSlugs } from './slug.ts';
export { formatProblems, SpecError, type SpecProblem } from './spec-problem.ts';
export { httpDate, humanDate, isoDate, parseCalendarDay, startOfDay } from './sunset-date.ts';

/** The spec model's public face: load and check a description, and the model's types. */
export { checkSpecText, defaultSpecPath, loadApiModel, resolveSpecPath, specPathVariable } from './load-spec.ts';
export { operationById } from './lookups.ts';
export type * from './model.ts';
export { httpMethods } from './model.ts';
export {
  anonymousQuota,
  type DescriptionFact,
  descriptionFacts,
  descriptionHas,
  lowestPlanQuota,
  planAllows,
  planOrder,
  type Quota,
  sandboxDemoKeys,
  sandboxServer,
  servedOperations,
} from './rules.ts';
export { formatProblems, SpecError, type SpecProblem } from './spec-problem.ts';

/**
 * The runtime rules the sandbox, the live console and the pages share, answered from the model
 * in one place so that none of them reaches into an extension reader or restates a rule: which
 * server is the sandbox and its demo keys, the order of plans, whether a plan may call an
 * operation, the quota of a request without a valid key, and which operations the API serves. (Whether the console may call an
 * operation is the model's own `operation.tryIt`.)
 */
import { type ApiDemoKey, type ApiModel, type ApiOperation, type ApiServer, sentByApi } from './model.ts';
import { oncePerModel } from './per-model.ts';

/** Requests a key may make per clock minute and per UTC day. */
export interface Quota {
  perMinute: number;
  perDay: number;
}

/** The operations the API serves: every operation but the webhooks and callbacks, which the API sends. */
export function servedOperations(model: ApiModel): ApiOperation[] {
  return model.operations.filter((operation) => !sentByApi(operation));
}

/** The server that accepts demo keys (`x-demo-keys`): the local sandbox, if the spec names one. */
export function sandboxServer(model: ApiModel): ApiServer | undefined {
  return model.servers.find((server) => server.demoKeys !== undefined && server.demoKeys.length > 0);
}

/** Plan names, lowest first, as `x-rate-limits` lists them. */
export function planOrder(model: ApiModel): string[] {
  return model.rateLimits?.plans.map((p) => p.plan) ?? [];
}

/** The sandbox's demo keys, lowest plan first (keys of unlisted plans last, in the spec's order). */
export function sandboxDemoKeys(model: ApiModel): ApiDemoKey[] {
  const order = planOrder(model);
  const rank = (key: ApiDemoKey) => {
    const at = order.indexOf(key.plan);
    return at < 0 ? order.length : at;
  };
  return [...(sandboxServer(model)?.demoKeys ?? [])].sort((a, b) => rank(a) - rank(b));
}

/** Whether a key on `plan` may call `operation` (`x-required-plan`: that plan or any listed after it). */
export function planAllows(model: ApiModel, plan: string, operation: ApiOperation): boolean {
  const required = operation.requiredPlan;
  if (required === undefined) return true;
  const order = planOrder(model);
  const have = order.indexOf(plan);
  return have >= 0 && have >= order.indexOf(required);
}

/** The lowest plan's limits, when the spec gives them as numbers. */
export function lowestPlanQuota(model: ApiModel): Quota | undefined {
  const plan = model.rateLimits?.plans[0];
  return typeof plan?.perMinute === 'number' && typeof plan.perDay === 'number'
    ? { perMinute: plan.perMinute, perDay: plan.perDay }
    : undefined;
}

/**
 * What requests without a valid key may make, counted per client address: the lowest plan's
 * limits, or the lowest demo key's when the plans give no numbers.
 */
export function anonymousQuota(model: ApiModel): Quota | undefined {
  const key = sandboxDemoKeys(model)[0];
  return lowestPlanQuota(model) ?? (key ? { perMinute: key.perMinute, perDay: key.perDay } : undefined);
}

/** What a description may or may not hold that pages about it depend on (a guide lists the ones it quotes). */
export const descriptionFacts = ['errorCatalog', 'rateLimits', 'sandbox', 'apiKey', 'deprecation'] as const;
export type DescriptionFact = (typeof descriptionFacts)[number];

/** Whether the description holds `fact`: an error catalog, rate-limit plans, a sandbox with demo keys, … */
export function descriptionHas(model: ApiModel, fact: DescriptionFact): boolean {
  switch (fact) {
    case 'errorCatalog':
      return model.errorCodes.length > 0;
    case 'rateLimits':
      return model.rateLimits !== undefined;
    case 'sandbox':
      return sandboxServer(model) !== undefined;
    case 'apiKey':
      return model.securitySchemes.some((scheme) => scheme.apiKey !== undefined);
    case 'deprecation':
      return model.operations.some((operation) => operation.deprecation !== undefined);
  }
}

/**
 * Where a sandbox made from a description (one with no sandbox server of its own) issues personal keys, and the
 * plan it issues them on: the description lists neither, so the sandbox and the console agree on them here.
 */
export const issuedKeysPath = '/sandbox/keys';
export const describedSandboxPlan = 'Sandbox';

/** The operation that issues personal sandbox keys (`x-sandbox-key-issuer`), if the spec has one. */
export const sandboxKeyIssuer: (model: ApiModel) => ApiOperation | undefined = oncePerModel((model) =>
  // Asked on every operation page that takes an API key: found once, not by scanning every operation each time.
  model.operations.find((operation) => operation.issuesSandboxKeys),
);

/** The runtime rules the sandbox, console and pages share (src/openapi/rules.ts). */
import { describe, expect, it } from 'vitest';
import { anonymousQuota, operationById, planAllows, planOrder, sandboxDemoKeys } from '../../src/openapi/index.ts';
import { minimalSpec, modelOf } from './support/check.ts';

/** Plans listed lowest first; the sandbox lists its keys in another order; one operation needs Pro. */
const spec = (plans: string) =>
  `${minimalSpec.replace(
    '          description: OK\n',
    "          description: OK\n  /reports:\n    get:\n      operationId: getReport\n      x-required-plan: Pro\n      responses:\n        '200':\n          description: OK\n",
  )}servers:
  - url: https://api.example.com
  - url: http://localhost:4010
    x-demo-keys:
      - { key: key-team, plan: Team, perMinute: 5000, perDay: 50000 }
      - { key: key-pro1, plan: Pro }
      - { key: key-free, plan: Free }
x-rate-limits:
  plans:
${plans}`;
const numericPlans = `    - { plan: Free, perMinute: 60, perDay: 1000 }
    - { plan: Pro, perMinute: 300, perDay: 10000 }
    - { plan: Team, perMinute: custom, perDay: custom }
`;

describe('runtime rules', () => {
  it('orders plans and the demo keys as x-rate-limits lists the plans', async () => {
    const model = await modelOf(spec(numericPlans));
    expect(planOrder(model)).toEqual(['Free', 'Pro', 'Team']);
    expect(sandboxDemoKeys(model).map((k) => k.key)).toEqual(['key-free', 'key-pro1', 'key-team']);
  });

  it('lets a plan call an operation that requires it or a lower one, and no other', async () => {
    const model = await modelOf(spec(numericPlans));
    const report = operationById(model, 'getReport');
    const things = operationById(model, 'listThings');
    if (!report || !things) throw new Error('operations missing');
    expect(['Free', 'Pro', 'Team', 'Gold'].map((plan) => planAllows(model, plan, report))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(planAllows(model, 'Free', things)).toBe(true);
  });

  it("gives keyless requests the lowest plan's limits, else the lowest demo key's", async () => {
    expect(anonymousQuota(await modelOf(spec(numericPlans)))).toEqual({ perMinute: 60, perDay: 1000 });
    const custom = spec(`    - { plan: Team, perMinute: custom, perDay: custom }
    - { plan: Free, perMinute: 60, perDay: 1000 }
    - { plan: Pro, perMinute: 300, perDay: 10000 }
`);
    expect(anonymousQuota(await modelOf(custom))).toEqual({ perMinute: 5000, perDay: 50000 });
  });
});

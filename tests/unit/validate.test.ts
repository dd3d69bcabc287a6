/** src/openapi/validate.ts: schema problems come with a hint that says what the description should hold. */
import { describe, expect, it } from 'vitest';
import { minimalSpec, problemsOf } from './support/check.ts';

describe('validation hints', () => {
  it('hints at status codes for a misspelt response key', async () => {
    const text = minimalSpec.replace("        '200':", "        '20':");
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.hint)).toContain(
      'Responses are keyed by an HTTP status such as 200, a range such as 4XX, or `default`.',
    );
  });
});

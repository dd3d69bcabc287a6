/**
 * `x-sandbox-key-issuer: true` on an operation: it issues personal sandbox keys. The live console calls it on the
 * sandbox to give each visitor a key of their own (`{ plan }` in, `{ key, plan, expiresAt }` out), so that no two
 * visitors share a quota, a ban or the data.
 */
import type { ExtensionRead } from './read-result.ts';

export function readSandboxKeyIssuer(raw: unknown, pointer: string, method: string): ExtensionRead<boolean> {
  if (raw === undefined || raw === false) return { value: false, problems: [] };
  if (raw !== true) {
    return {
      value: false,
      problems: [
        {
          severity: 'error',
          pointer,
          message: `\`x-sandbox-key-issuer\` is ${JSON.stringify(raw)}, not true or false.`,
        },
      ],
    };
  }
  if (method !== 'post') {
    return {
      value: false,
      problems: [
        {
          severity: 'error',
          pointer,
          message: `\`x-sandbox-key-issuer\` is on a ${method.toUpperCase()} operation; keys are issued by a POST.`,
        },
      ],
    };
  }
  return { value: true, problems: [] };
}

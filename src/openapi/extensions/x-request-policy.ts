/**
 * `x-request-policy` at the document root: the largest accepted request body
 * and what happens to undeclared body fields. Our own extension, read strictly.
 */
import { isRecord } from '../json-pointer.ts';
import type { ApiRequestPolicy } from '../model.ts';
import type { ExtensionRead } from './read-result.ts';

export function readRequestPolicy(raw: unknown): ExtensionRead<ApiRequestPolicy | undefined> {
  if (raw === undefined) return { value: undefined, problems: [] };
  const { maxBodyBytes, unknownFields } = isRecord(raw) ? raw : {};
  const sizeOk =
    maxBodyBytes === undefined ||
    (typeof maxBodyBytes === 'number' && Number.isInteger(maxBodyBytes) && maxBodyBytes > 0);
  const fieldsOk = unknownFields === undefined || unknownFields === 'reject' || unknownFields === 'ignore';
  if (!isRecord(raw) || !sizeOk || !fieldsOk) {
    return {
      value: undefined,
      problems: [
        {
          severity: 'error',
          pointer: '/x-request-policy',
          message:
            '`x-request-policy` takes `maxBodyBytes` (a whole number of bytes) and `unknownFields` (reject or ignore).',
        },
      ],
    };
  }
  const policy: ApiRequestPolicy = {};
  if (typeof maxBodyBytes === 'number') policy.maxBodyBytes = maxBodyBytes;
  if (unknownFields === 'reject' || unknownFields === 'ignore') policy.unknownFields = unknownFields;
  return { value: policy, problems: [] };
}

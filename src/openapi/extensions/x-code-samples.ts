/**
 * Hand-written code samples: `x-codeSamples` (Redocly) or `x-code-samples`
 * (its older spelling). Read leniently: an unusable entry is skipped with a warning.
 */
import { isRecord } from '../json-pointer.ts';
import type { ApiCodeSample } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

const keys = ['x-codeSamples', 'x-code-samples'] as const;

export function readCodeSamples(operation: Record<string, unknown>, pointer: string): ExtensionRead<ApiCodeSample[]> {
  const key = keys.find((k) => Object.hasOwn(operation, k));
  if (key === undefined) return { value: [], problems: [] };
  const raw = operation[key];
  const problems: SpecProblem[] = [];
  const samples: ApiCodeSample[] = [];
  (Array.isArray(raw) ? raw : [raw]).forEach((entry, i) => {
    const { lang, label, source } = isRecord(entry) ? entry : {};
    if (typeof lang !== 'string' || typeof source !== 'string' || (label !== undefined && typeof label !== 'string')) {
      problems.push({
        severity: 'warning',
        pointer: `${pointer}/${key}/${i}`,
        message: 'A code sample needs `lang` and `source` (text); this one is skipped.',
      });
      return;
    }
    samples.push(label === undefined ? { lang, source } : { lang, label, source });
  });
  return { value: samples, problems };
}

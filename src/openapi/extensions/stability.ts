/**
 * Stability markers. `x-scalar-stability` is canonical; `x-stability`,
 * `x-fern-availability` and a matching `x-badges` entry are accepted aliases.
 * Vendor extensions are read leniently: an unknown value is a warning and
 * counts as absent.
 */
import { isRecord } from '../json-pointer.ts';
import type { OperationBadge, Stability } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

/** Extensions that carry a stability level, strongest first. */
export const stabilityExtensions = ['x-scalar-stability', 'x-stability', 'x-fern-availability', 'x-badges'] as const;

type Level = Stability | 'deprecated';

/** Every spelling we accept, mapped to what it means. */
const levelsBySpelling: Record<string, Level> = {
  experimental: 'experimental',
  alpha: 'experimental',
  'in-development': 'experimental',
  beta: 'beta',
  preview: 'beta',
  'pre-release': 'beta',
  stable: 'stable',
  ga: 'stable',
  'generally-available': 'stable',
  deprecated: 'deprecated',
};

/**
 * The stability level an operation declares, from the strongest extension
 * present (`x-scalar-stability` beats the aliases). `deprecated` here means
 * the extension itself says so.
 */
export function readStability(operation: Record<string, unknown>, pointer: string): ExtensionRead<Level> {
  const problems: SpecProblem[] = [];
  for (const key of stabilityExtensions) {
    if (!Object.hasOwn(operation, key)) continue;
    const raw = operation[key];
    const level = key === 'x-badges' ? levelFromBadges(raw) : levelFromText(raw);
    if (level) return { value: level, problems };
    if (key !== 'x-badges') {
      problems.push({
        severity: 'warning',
        pointer: `${pointer}/${key}`,
        message: `\`${key}\` is ${JSON.stringify(raw)}, which is not a stability level; it is ignored.`,
        hint: 'Use experimental, beta or stable.',
      });
    }
  }
  return { value: 'stable', problems };
}

function levelFromText(raw: unknown): Level | undefined {
  if (typeof raw !== 'string') return undefined;
  const spelling = raw.trim().toLowerCase();
  return Object.hasOwn(levelsBySpelling, spelling) ? levelsBySpelling[spelling] : undefined;
}

/** Scalar's `x-badges: [{name: "Beta"}]`: the first badge whose name is a level. */
function levelFromBadges(raw: unknown): Level | undefined {
  if (!Array.isArray(raw)) return undefined;
  for (const badge of raw) {
    const level = isRecord(badge) ? levelFromText(badge.name) : undefined;
    if (level) return level;
  }
  return undefined;
}

/**
 * The one badge an operation shows. Deprecated wins over any stability
 * level: an operation on its way out is no longer "beta" to its readers.
 */
export function primaryBadge(
  deprecated: boolean,
  sunset: string | undefined,
  stability: Stability,
): OperationBadge | undefined {
  if (deprecated) return sunset ? { kind: 'deprecated', sunset } : { kind: 'deprecated' };
  if (stability === 'experimental' || stability === 'beta') return { kind: stability };
  return undefined;
}

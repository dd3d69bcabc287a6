/** The words for an operation's badge and what its level promises; one place for both. */
import type { OperationBadge } from '../../openapi/index.ts';

/** Text of the badge an operation carries, and its look. */
export function badgeLabel(badge: OperationBadge): { text: string; variant: 'caution' | 'danger' | 'note' } {
  switch (badge.kind) {
    case 'deprecated':
      return { text: 'Deprecated', variant: 'danger' };
    case 'experimental':
      return { text: 'Experimental', variant: 'caution' };
    case 'beta':
      return { text: 'Beta', variant: 'note' };
  }
}

/** What the level promises, in a sentence or two (the badge's own text names the level). */
export function badgeExplanation(badge: OperationBadge): string {
  switch (badge.kind) {
    case 'deprecated':
      return 'This operation is deprecated: it keeps working until its sunset date, then it is removed. Move to its successor.';
    case 'experimental':
      return 'This operation may change or disappear without notice. Do not build production workflows on it.';
    case 'beta':
      return 'This operation is feature-complete but may still change; changes are announced in advance.';
  }
}

/**
 * Operations as the reference lists them (a tag's operations, a model's users): each with its link, method, title,
 * path and badge. The pages' lists and the Markdown twins are drawn from the same items.
 */
import type { ApiModel, ApiOperation, OperationBadge } from '../../openapi/index.ts';
import { operationLabel, operationTitle, referenceUrls } from '../routes.ts';
import { badgeLabel } from '../shared/badges.ts';

export interface OperationItem {
  href: string;
  /** `GET`. */
  method: string;
  path: string;
  /** Its title where it stands alone (`GET /pets` without a summary or operationId). */
  title: string;
  /** Its title beside its method (`/pets` without a summary or operationId). */
  label: string;
  badge?: OperationBadge & ReturnType<typeof badgeLabel>;
}

export function operationItems(model: ApiModel, operations: readonly ApiOperation[]): OperationItem[] {
  const urls = referenceUrls(model);
  return operations.map((operation) => ({
    href: urls.operation(operation),
    method: operation.method.toUpperCase(),
    path: operation.path,
    title: operationTitle(operation),
    label: operationLabel(operation),
    ...(operation.badge && { badge: { ...operation.badge, ...badgeLabel(operation.badge) } }),
  }));
}

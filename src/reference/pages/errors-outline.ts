/**
 * The error catalog's outline: the error body's model, and each code with its status, meaning, what to do and
 * which operations return it. The view (the reference's page and the errors guide) renders it and the Markdown
 * twin is written from it, so the two say the same of every code. Pure: the model in, the plan out.
 */
import type { ApiErrorCode, ApiModel } from '../../openapi/index.ts';
import { referenceUrls } from '../routes.ts';
import { statusText } from '../shared/status-text.ts';
import { type ErrorReturners, errorReturners } from './error-returners.ts';

export interface ErrorRow {
  /** The row's anchor (`code-pet_not_found`): operation pages link the codes they return to it. */
  id: string;
  code: string;
  /** `404 Not Found`. */
  status: string;
  /** Markdown from the description. */
  meaning: string;
  action?: string;
  returners: ErrorReturners;
}

export interface ErrorCatalogOutline {
  /** The model every error body is, where the description marks one (`x-error-codes` on it). */
  errorModel?: { name: string; href: string | undefined };
  columns: readonly string[];
  rows: ErrorRow[];
}

export function errorCatalogOutline(model: ApiModel, errorCodes: readonly ApiErrorCode[]): ErrorCatalogOutline {
  const urls = referenceUrls(model);
  const errorSchema = model.schemas.find((s) => s.schema['x-error-codes' as keyof typeof s.schema] !== undefined);
  return {
    ...(errorSchema && { errorModel: { name: errorSchema.name, href: urls.schema(errorSchema.name) } }),
    columns: ['Code', 'Status', 'Meaning and what to do', 'Returned by'],
    rows: errorCodes.map((entry) => ({
      id: `code-${entry.code}`,
      code: entry.code,
      status: `${entry.status} ${statusText(String(entry.status))}`,
      meaning: entry.meaning,
      ...(entry.action && { action: entry.action }),
      returners: errorReturners(model, entry, urls),
    })),
  };
}

/** The "Returned by" cell in words, as the page shows it. */
export function returnersLead(returners: ErrorReturners): string | undefined {
  switch (returners.kind) {
    case 'any-request':
      return 'Any request';
    case 'every-operation':
      return 'Every operation';
    case 'tags':
      return returners.tags.length > 0 ? `${returners.count}, in:` : `${returners.count}.`;
    case 'operations':
      return undefined;
  }
}

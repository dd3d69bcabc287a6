/**
 * Which operations return an error code, as the error catalog says it. Up to
 * `operationsListedAtMost` are listed by name; past that the catalog names
 * the tags they are in, with how many of each tag's operations return it. A
 * generated description of 10,000 operations otherwise listed thousands of
 * links under each code: a 4.6 MB page nobody reads. Each operation page
 * still lists its own errors.
 */
import type { ApiErrorCode, ApiModel } from '../openapi/index.ts';
import { operationTitle, type ReferenceUrls, tagLabel } from './routes.ts';

export const operationsListedAtMost = 25;

export interface ReturnerLink {
  label: string;
  href: string;
  /** How much of a tag returns it: "all 1,000", "12 of 40". */
  share?: string | undefined;
}

export type ErrorReturners =
  /** Any request at all, even to no operation (an unknown route). */
  | { kind: 'any-request' }
  | { kind: 'every-operation' }
  | { kind: 'operations'; operations: ReturnerLink[] }
  /** Too many to list: `count` ("3,412 operations") and the tags they are in. */
  | { kind: 'tags'; count: string; tags: ReturnerLink[] };

const figure = (n: number) => n.toLocaleString('en-US');

export function errorReturners(model: ApiModel, entry: ApiErrorCode, urls: ReferenceUrls): ErrorReturners {
  if (entry.global) return { kind: 'any-request' };
  const ids = new Set(entry.operations);
  if (ids.size === model.operations.length) return { kind: 'every-operation' };
  if (ids.size <= operationsListedAtMost) {
    const byId = new Map(model.operations.map((o) => [o.operationId, o]));
    const operations = entry.operations.flatMap((id) => {
      const operation = byId.get(id);
      return operation ? [{ label: operationTitle(operation), href: urls.operation(operation) }] : [];
    });
    return { kind: 'operations', operations };
  }
  const tags = model.tags.flatMap((tag) => {
    const returning = tag.operations.filter((id) => ids.has(id)).length;
    if (returning === 0) return [];
    const all = tag.operations.length;
    const share =
      returning < all ? `${figure(returning)} of ${figure(all)}` : all > 1 ? `all ${figure(all)}` : undefined;
    return [{ label: tagLabel(tag), href: urls.tag(tag), share }];
  });
  return { kind: 'tags', count: `${figure(ids.size)} operations`, tags };
}

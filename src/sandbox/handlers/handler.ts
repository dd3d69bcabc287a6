/** What an operation handler receives and returns; handlers know nothing of HTTP plumbing. */
import type { Clock } from '../../rate-limits/clock.ts';
import { ApiError } from '../api-error.ts';
import type { Records, Table } from '../store/records.ts';

export interface HandlerRequest {
  /** Path, query and header parameters by name, already checked and converted to their schema types. */
  params: Record<string, unknown>;
  /** The checked JSON body, with read-only fields removed; undefined without one. */
  body: unknown;
  /** The full request URL, for Location and Link headers. */
  url: URL;
}

export interface HandlerResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a handler works on: the records of the caller's data set (a change is kept only when it returns). */
export interface HandlerContext {
  records: Records;
  clock: Clock;
}

export type Handler = (request: HandlerRequest, context: HandlerContext) => HandlerResponse;

/** A list page: the seed's plain array, with the total in X-Total-Count and neighbours in Link (RFC 8288). */
export function page<T>(items: readonly T[], request: HandlerRequest): HandlerResponse {
  const limit = Number(request.params.limit ?? 20);
  const offset = Number(request.params.offset ?? 0);
  const links: string[] = [];
  const at = (start: number) => {
    const url = new URL(request.url);
    url.searchParams.set('offset', String(start));
    url.searchParams.set('limit', String(limit));
    return url.href;
  };
  if (offset + limit < items.length) links.push(`<${at(offset + limit)}>; rel="next"`);
  if (offset > 0) links.push(`<${at(Math.max(0, offset - limit))}>; rel="prev"`);
  const headers: Record<string, string> = { 'X-Total-Count': String(items.length) };
  if (links.length > 0) headers.Link = links.join(', ');
  return { status: 200, body: items.slice(offset, offset + limit), headers };
}

/** 201 Created with the new resource's absolute URL. */
export function created(body: { id: number }, request: HandlerRequest): HandlerResponse {
  const location = new URL(`${request.url.pathname.replace(/\/$/, '')}/${body.id}`, request.url).href;
  return { status: 201, body, headers: { Location: location } };
}

/** The row `id` names in `table`, or 404 not_found saying what was looked for. */
export function existing<T extends { id: number }>(table: Table<T>, id: unknown, what: string): T {
  const row = table.get(Number(id));
  if (!row) throw new ApiError('not_found', `No ${what} with id ${String(id)}.`);
  return row;
}

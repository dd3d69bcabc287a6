/**
 * Every reference page's outline, by the kind of page: the plan its view renders and from which its table of
 * contents and its Markdown twin are derived (`operation-outline.ts`, `introduction-outline.ts`, …).
 */
import type { ApiModel } from '../openapi/index.ts';
import { type ErrorCatalogOutline, errorCatalogOutline } from './errors-outline.ts';
import {
  type BuildSandbox,
  type IntroductionOutline,
  introductionHeadings,
  introductionOutline,
} from './introduction-outline.ts';
import { type ModelOutline, modelHeadings, modelOutline } from './model-outline.ts';
import { type ModelsIndexOutline, modelsIndexOutline } from './models-index-outline.ts';
import { type OperationOutline, operationOutline, outlineHeadings } from './operation-outline.ts';
import type { ReferenceRoute } from './routes.ts';
import { type TagOutline, tagHeadings, tagOutline } from './tag-outline.ts';

export interface PageHeading {
  depth: number;
  slug: string;
  text: string;
}

export type PageOutline =
  | { type: 'introduction'; outline: IntroductionOutline }
  | { type: 'operation'; outline: OperationOutline }
  | { type: 'schema'; outline: ModelOutline }
  | { type: 'schemas'; outline: ModelsIndexOutline }
  | { type: 'errors'; outline: ErrorCatalogOutline }
  | { type: 'tag'; outline: TagOutline };

/** The outline of a route's page; `sandbox`: the build's, which the introduction names. */
export function pageOutline(model: ApiModel, route: ReferenceRoute, sandbox?: BuildSandbox): PageOutline {
  switch (route.type) {
    case 'introduction':
      return { type: 'introduction', outline: introductionOutline(model, sandbox) };
    case 'operation':
      return { type: 'operation', outline: operationOutline(model, route.operation) };
    case 'schema':
      return { type: 'schema', outline: modelOutline(model, route.schema) };
    case 'schemas':
      return { type: 'schemas', outline: modelsIndexOutline(model, route.index) };
    case 'errors':
      return { type: 'errors', outline: errorCatalogOutline(model, route.errorCodes) };
    case 'tag':
      return { type: 'tag', outline: tagOutline(model, route.tag, route.group, route.listing) };
  }
}

/** The page's table of contents. */
export function pageHeadings(page: PageOutline): PageHeading[] {
  switch (page.type) {
    case 'introduction':
      return introductionHeadings(page.outline).map(({ depth, id, title }) => ({ depth, slug: id, text: title }));
    case 'operation':
      return outlineHeadings(page.outline).map(({ depth, id, title }) => ({ depth, slug: id, text: title }));
    case 'schema':
      return modelHeadings(page.outline).map(({ depth, id, title }) => ({ depth, slug: id, text: title }));
    case 'tag':
      return tagHeadings(page.outline).map(({ depth, id, title }) => ({ depth, slug: id, text: title }));
    case 'schemas':
    case 'errors':
      return [];
  }
}

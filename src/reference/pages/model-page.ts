/** A model (a schema of `components.schemas`): its fields, an example, and the operations that use it. */

import type { ApiSchema } from '../../openapi/index.ts';
import type { PageHistory } from '../changelog/changelog-sections.ts';
import { referencePaths, referenceUrls, routePath } from '../routes.ts';
import { schemaMarkdown } from '../twins/page-markdown.ts';
import { type ModelOutline, modelHeadings, modelOutline } from './model-outline.ts';
import { asPageHeadings, historyOn, type PageKind, type PageRoute } from './page-kind.ts';

export interface ModelRoute extends PageRoute {
  type: 'schema';
  schema: ApiSchema;
}

export interface ModelViewProps {
  outline: ModelOutline;
  schemaHref: (name: string) => string | undefined;
  history: PageHistory;
}

export const modelPage: PageKind<ModelRoute, ModelOutline, { name: string }, ModelViewProps> = {
  routes: (model) =>
    model.schemas.map((schema) => ({
      type: 'schema',
      path: routePath(referencePaths(model).schema(schema.name) ?? ''),
      title: schema.name,
      schema,
    })),
  outline: (model, route) => modelOutline(model, route.schema),
  headings: (outline) => asPageHeadings(modelHeadings(outline)),
  view: (route, outline, context) => ({
    outline,
    schemaHref: (name) => referenceUrls(context.model).schema(name),
    history: historyOn(context, context.changelog?.models.get(route.schema.name)),
  }),
  twin: (model, route) => schemaMarkdown(model, route.schema),
  subject: (route) => ({ name: route.schema.name }),
  pageAbout: (model, { name }) => referenceUrls(model).schema(name),
  summary: (_model, route) => ({ markdown: route.schema.schema.description }),
};

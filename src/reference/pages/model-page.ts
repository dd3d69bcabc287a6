/** A model (a schema of `components.schemas`): its fields, an example, and the operations that use it. */

import type { PageHistory } from '../changelog-sections.ts';
import { type ModelOutline, modelHeadings, modelOutline } from '../model-outline.ts';
import { schemaMarkdown } from '../page-markdown.ts';
import { referenceUrls } from '../routes.ts';
import { asPageHeadings, historyOn, type PageKind } from './page-kind.ts';

export interface ModelViewProps {
  outline: ModelOutline;
  schemaHref: (name: string) => string | undefined;
  history: PageHistory;
}

export const modelPage: PageKind<'schema', ModelOutline, { name: string }, ModelViewProps> = {
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

/**
 * The models index's outline, or one page of it: the pages of a long index, and each model with its link, type
 * and what its description says first (the model page has the rest). The view renders it and the Markdown twin
 * is written from it, so the two list the same. Pure: the model in, the plan out.
 */
import type { ApiModel } from '../../openapi/index.ts';
import { type ModelsIndexPage, referenceUrls } from '../routes.ts';
import { modelSummary } from '../shared/field-tree.ts';
import { typeLabel } from '../shared/schema-summary.ts';

export interface ModelsIndexOutline {
  /** Where the index is on several pages: what it says of itself, and every page by its first and last model. */
  pages?: { caption: string; pages: { first: string; last: string; href: string }[]; current: number };
  columns: readonly string[];
  rows: {
    name: string;
    href: string | undefined;
    typeLabel: string;
    /** The description's opening, as Markdown (`modelSummary`). */
    summary: string | undefined;
  }[];
}

export function modelsIndexOutline(model: ApiModel, index: ModelsIndexPage): ModelsIndexOutline {
  const urls = referenceUrls(model);
  const count = (n: number) => n.toLocaleString('en');
  return {
    ...(index.pages.length > 1 && {
      pages: {
        caption: `${count(model.schemas.length)} models, in alphabetical order on ${index.pages.length} pages:`,
        pages: index.pages.map((page, i) => ({ ...page, href: urls.schemasPage(i + 1) })),
        current: index.number,
      },
    }),
    columns: ['Model', 'Type', 'Description'],
    rows: index.schemas.map((schema) => ({
      name: schema.name,
      href: urls.schema(schema.name),
      typeLabel: typeLabel(model.schemaResolver, schema.schema),
      summary: modelSummary(schema.schema.description),
    })),
  };
}

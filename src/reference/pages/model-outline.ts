/**
 * A model page's outline: its type and constraints, its sections (fields, example, the operations that use it) with
 * their ids and titles, and the field tree planned for it. The view renders it, and the table of contents and the
 * Markdown twin are derived from it, so the three cannot disagree about the page. Pure: the model in, the plan out.
 */
import type { ApiModel, ApiSchema } from '../../openapi/index.ts';
import { type FieldTree, FieldTreePlanner, fieldCount, plannedWithinBudget } from '../shared/field-tree.ts';
import { constraints, typeLabel } from '../shared/schema-summary.ts';
import { type OperationItem, operationItems } from './operation-items.ts';
import { jsonStart } from './operation-outline.ts';
import type { OutlineSection, PageOutlineHeading } from './outline-sections.ts';
import { operationsUsing } from './schema-usage.ts';

export interface ModelOutline {
  name: string;
  /** `object`, `string (date-time)`, `Pet[]`… */
  typeLabel: string;
  /** Its constraints in words (`1–100`, `pattern ^[a-z]+$`). */
  constraints: string[];
  description: string | undefined;
  fields: OutlineSection & { tree: FieldTree };
  /** Its example as JSON, its start only when long (`shown` says how much; the description has the whole). */
  example?: OutlineSection & { json: string; shown?: string };
  usedBy?: OutlineSection & {
    /** The first `usedByShown` of them. */
    operations: OperationItem[];
    /** How many use it in all. */
    total: number;
  };
}

/** A model used everywhere (an Error body) would otherwise list the whole API on its page. */
export const usedByShown = 25;

export function modelOutline(model: ApiModel, schema: ApiSchema): ModelOutline {
  const ref = { $ref: `#${schema.pointer}` };
  const usedBy = operationsUsing(model, schema.pointer);
  return {
    name: schema.name,
    typeLabel: typeLabel(model.schemaResolver, schema.schema),
    constraints: constraints(model.schemaResolver, ref),
    description: schema.schema.description,
    fields: {
      id: 'fields',
      title: 'Fields',
      // The page's plan, bounded as every page's (`field-tree.ts`).
      tree: plannedWithinBudget(
        (nesting) => new FieldTreePlanner(model.schemaResolver, { ...nesting, ownModel: schema.name }).plan(ref),
        fieldCount,
      ),
    },
    ...(schema.schema.example !== undefined && {
      example: { id: 'example', title: 'Example', ...exampleJson(schema.schema.example) },
    }),
    ...(usedBy.length > 0 && {
      usedBy: {
        id: 'used-by',
        title: 'Used by',
        operations: operationItems(model, usedBy.slice(0, usedByShown)),
        total: usedBy.length,
      },
    }),
  };
}

/** A model's example as JSON, cut as operation pages cut theirs. */
function exampleJson(example: unknown): { json: string; shown?: string } {
  const { code, shown } = jsonStart(JSON.stringify(example, null, 2));
  return shown ? { json: code, shown } : { json: code };
}

/** The page's table of contents. */
export function modelHeadings(outline: ModelOutline): PageOutlineHeading[] {
  return [outline.fields, outline.example, outline.usedBy].flatMap((section) =>
    section ? [{ depth: 2, id: section.id, title: section.title }] : [],
  );
}

/**
 * Field trees stay bounded whatever the schema: a description of Microsoft Graph's shape (200-field models whose
 * inline allOf mixes hold each other, self references, lists of themselves, a 30-level chain) plans and renders
 * every model page and the operation page; fields nested past `fieldDepthAtMost` levels link to the page of the
 * model they belong to, or say they are not listed; a schema inside itself through a `$ref` that names no model
 * stops. Before these bounds, the Graph-shaped model pages overflowed the stack and failed the build.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import SchemaTree from '../../src/components/reference/SchemaTree.astro';
import type { ApiModel } from '../../src/openapi/index.ts';
import { operationOutline } from '../../src/reference/pages/operation-outline.ts';
import {
  type FieldTree,
  FieldTreePlanner,
  fieldCount,
  fieldDepthAtMost,
  plannedWithinBudget,
} from '../../src/reference/shared/field-tree.ts';
import { fieldTreeLines } from '../../src/reference/twins/field-markdown.ts';
import { smallGraphDescription } from '../bench/generate-graph-description.ts';
import { minimalSpec, modelOf } from './support/check.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A model's page tree, as `SchemaView.astro` plans it. */
function modelPage(model: ApiModel, name: string): FieldTree {
  return plannedWithinBudget(
    (nesting) => new FieldTreePlanner(model.schemaResolver, { ...nesting, ownModel: name }).plan(ref(name)),
    fieldCount,
  );
}

/** Levels of fields a tree lists, at its deepest (an array's items are listed at their field's level). */
function depthOf(tree: FieldTree | undefined): number {
  if (tree?.kind !== 'shape') return 0;
  const { rows, items, options } = tree.shape;
  const below = (child: FieldTree | undefined) => (child?.kind === 'shape' ? 1 + depthOf(child) : 0);
  return Math.max(
    0,
    ...rows.map((row) => below(row.children)),
    depthOf(items?.tree),
    ...(options?.choices ?? []).map((choice) => below(choice.tree)),
  );
}

async function html(tree: FieldTree): Promise<string> {
  const container = await AstroContainer.create();
  return container.renderToString(SchemaTree, {
    props: { tree, schemaHref: (schema: string) => `/reference/schemas/${schema.toLowerCase()}/` },
  });
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the field trees of a deep, wide, self-referencing description', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(smallGraphDescription());
  });

  it('plans and renders every model page to a bounded depth and size', async () => {
    for (const schema of model.schemas) {
      const tree = modelPage(model, schema.name);
      expect(depthOf(tree)).toBeLessThanOrEqual(fieldDepthAtMost);
      // Entity0's page: its 200 fields, the field its mix adds, the shapes of its oneOf: not the mixed models'.
      expect(fieldCount(tree)).toBeLessThan(250);
      expect((await html(tree)).length).toBeLessThan(200_000);
    }
  });

  it('stops an inline mix of models that holds a model already open, as a circular reference', async () => {
    // Without the nesting limit, so that mixes nest in mixes until one holds Entity0 again.
    const planner = new FieldTreePlanner(model.schemaResolver, {
      maxNestedModels: Number.POSITIVE_INFINITY,
      ownModel: 'Entity0',
    });
    const out = text(await html(planner.plan(ref('Entity0'))));
    expect(out).toContain('mixed Entity1 + Entity2 Fields of mixed');
    expect(out).toContain('mixed Entity0 + Entity1 Entity0 again (a circular reference): see Entity0');
  });

  it('lists only the fields an inline mix adds once its models nest past the limit, and links the models', async () => {
    const page = await html(modelPage(model, 'Entity0'));
    // Entity0's 200 fields and its mix of two more 200-field models are over the page's budget: the models nested
    // in Entity0 are links, and the mix of Entity1 and Entity2 is their links and its own field.
    expect(text(page)).toContain(
      'mixed Entity1 + Entity2 Fields of mixed The fields of the Entity1 and Entity2 models, and: extra string either',
    );
    expect(page).toContain(
      '<a href="/reference/schemas/entity1/">Entity1</a> and <a href="/reference/schemas/entity2/">Entity2</a>',
    );
    expect(fieldCount(modelPage(model, 'Entity0'))).toBeLessThan(250);
    // The Markdown twin says the same.
    const lines = fieldTreeLines(modelPage(model, 'Entity0'), (name) => `/reference/schemas/${name.toLowerCase()}/`);
    const mixed = lines.findIndex((line) => line.startsWith('- `mixed`'));
    expect(lines.slice(mixed + 1, mixed + 3)).toEqual([
      '  - The fields of the [Entity1](/reference/schemas/entity1/) and [Entity2](/reference/schemas/entity2/) models, and:',
      '  - `extra` (string)',
    ]);
  });

  it('plans the operation page that sends and answers one', () => {
    const [operation] = model.operations;
    if (!operation) throw new Error('no operation');
    const outline = operationOutline(model, operation);
    const media = [...(outline.requestBody?.media ?? []), ...outline.outcomes.flatMap((o) => o.media)];
    // The request shows Entity0's fields without its read-only ones; the answer, which has them (and not the
    // write-only ones), shows its own rather than linking to the request's.
    expect(media.map((m) => m.tree?.kind)).toEqual(['shape', 'shape']);
    const names = (tree: FieldTree | undefined) => (tree?.kind === 'shape' ? tree.shape.rows.map((r) => r.name) : []);
    const [request, answer] = media.map((m) => names(m.tree));
    expect(request?.some((name) => name.startsWith('ro_'))).toBe(false);
    expect(answer?.some((name) => name.startsWith('ro_'))).toBe(true);
    expect(answer?.some((name) => name.startsWith('wo_'))).toBe(false);
    for (const { tree } of media) expect(depthOf(tree)).toBeLessThanOrEqual(fieldDepthAtMost);
  });
});

/** An object nesting `levels` objects inline, each with one field `level<n>` and a leaf. */
function nested(levels: number): string {
  let schema: unknown = { type: 'object', properties: { leaf: { type: 'string' } } };
  for (let n = levels - 1; n >= 0; n--) {
    schema = { type: 'object', properties: { [`level${n}`]: schema, [`name${n}`]: { type: 'string' } } };
  }
  return JSON.stringify(schema);
}

const deepSpec = `${minimalSpec}components:
  schemas:
    Deep: ${nested(40)}
    Outer:
      type: object
      properties:
        wrap: ${nested(3)}
        inner: { $ref: '#/components/schemas/Inner' }
    Inner: ${nested(40)}
    Looped:
      type: object
      properties:
        child:
          type: object
          properties:
            name: { type: string }
            child: { $ref: '#/components/schemas/Looped/properties/child' }
    Forest:
      type: array
      items: { $ref: '#/components/schemas/Forest' }
    Grove:
      type: array
      items: { type: array, items: { $ref: '#/components/schemas/Grove/items' } }
`;

describe('fields nested past the deepest level a page opens', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(deepSpec);
  });

  it("are not listed on their own model's page, which says so", async () => {
    const tree = modelPage(model, 'Deep');
    expect(depthOf(tree)).toBe(fieldDepthAtMost);
    const out = text(await html(tree));
    // The model's own fields, then one level per expander.
    expect(out).toContain(`name${fieldDepthAtMost}`);
    expect(out).not.toContain(`name${fieldDepthAtMost + 1}`);
    expect(out).toContain(`Fields: not listed, more than ${fieldDepthAtMost} levels deep`);
  });

  it('link to the page of the nested model they belong to, which lists them', async () => {
    const out = text(await html(modelPage(model, 'Outer')));
    expect(out).toContain('Fields of inner');
    expect(out).toContain('Fields: see this field on the Inner model page.');
    expect(out).not.toContain('not listed');
  });

  it('are cut on operation pages too, however deep an inline body nests', () => {
    const planner = new FieldTreePlanner(model.schemaResolver, { maxDepth: 2 });
    const tree = planner.plan(JSON.parse(nested(40)));
    expect(depthOf(tree)).toBe(fieldDepthAtMost);
  });
});

describe('a schema inside itself through a $ref that names no model', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(deepSpec);
  });

  it('stops at its first repetition', async () => {
    const out = text(await html(modelPage(model, 'Looped')));
    expect(out).toContain('Fields of child');
    expect(out).toContain('Fields: the same as a field it is inside (a circular reference).');
  });

  it('as an array of itself, by name or not, has nothing to expand', () => {
    for (const name of ['Forest', 'Grove']) {
      expect(fieldCount(modelPage(model, name))).toBe(0);
    }
  });
});

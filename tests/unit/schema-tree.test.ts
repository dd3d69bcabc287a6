/**
 * The schema renderer on the edge cases: circular references become links
 * (and rendering ends), compositions list their shapes, and nullable,
 * read-only, write-only and additionalProperties are all said in words.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import SchemaTree from '../../src/components/reference/SchemaTree.astro';
import type { ApiModel, SchemaOrRef } from '../../src/openapi/index.ts';
import {
  FieldTreePlanner,
  fieldCount,
  fieldsPerPage,
  plannedWithinBudget,
  restatedModel,
} from '../../src/reference/shared/field-tree.ts';
import { minimalSpec, modelOf, outerAndInner } from './support/check.ts';

/** Renders a model's fields; pass one planner to several calls to render them as parts of one page. */
async function render(
  model: ApiModel,
  name: string,
  page = new FieldTreePlanner(model.schemaResolver),
): Promise<string> {
  const container = await AstroContainer.create();
  return container.renderToString(SchemaTree, {
    props: {
      tree: page.plan({ $ref: `#/components/schemas/${name}` }),
      schemaHref: (schema: string) => `/reference/schemas/${schema.toLowerCase()}/`,
    },
  });
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const spec = `${minimalSpec}components:
  schemas:
    Node:
      type: object
      description: A tree node.
      properties:
        name: { type: string, nullable: true }
        secret: { type: string, writeOnly: true }
        id: { type: integer, readOnly: true }
        parent: { $ref: '#/components/schemas/Node' }
        children:
          type: array
          items: { $ref: '#/components/schemas/Node' }
        labels:
          type: object
          additionalProperties: { type: string }
    Shape:
      oneOf:
        - $ref: '#/components/schemas/Circle'
        - $ref: '#/components/schemas/Square'
    Circle:
      type: object
      required: [radius]
      properties: { radius: { type: number, minimum: 0 } }
    Square:
      allOf:
        - $ref: '#/components/schemas/Named'
        - type: object
          required: [side]
          properties: { side: { type: number } }
    Named:
      type: object
      required: [name]
      properties: { name: { type: string } }
      additionalProperties: false
    Country:
      type: object
      properties: { region: { $ref: '#/components/schemas/Region' } }
    Region:
      type: object
      properties: { city: { $ref: '#/components/schemas/City' } }
    City:
      type: object
      properties: { street: { type: string } }
    Deep:
      type: object
      properties:
        outer:
          type: object
          properties:
            inner:
              type: object
              properties: { leaf: { type: string } }
    Holder:
      type: object
      properties:
        long: { $ref: '#/components/schemas/Long' }
    Long:
      type: object
      description: |
        First paragraph of a long model description.

        ${'Second paragraph, only on the model page. '.repeat(12)}
      properties: { x: { type: string } }
    Trip:
      type: object
      properties:
        from: { $ref: '#/components/schemas/City' }
        to: { $ref: '#/components/schemas/City' }
`;

describe('the schema renderer', () => {
  it('links a circular reference instead of rendering it again', async () => {
    const html = await render(await modelOf(spec), 'Node');
    expect(text(html)).toContain('Node again (a circular reference): see Node');
    expect(html).toContain('href="/reference/schemas/node/"');
    // The tree stops after one level of Node, however deep the data could go.
    expect(html.match(/circular reference/g)?.length).toBe(2);
  });

  it('says nullable, read-only, write-only and what other fields may be', async () => {
    const out = text(await render(await modelOf(spec), 'Node'));
    expect(out).toContain('name string | null secret');
    expect(out).not.toContain('optional'); // only required fields are marked
    expect(out).toContain('id integer read-only');
    expect(out).toContain('secret string write-only');
    expect(out).toContain('Other fields are allowed, each string.');
  });

  it('expands two levels of nested models and links the rest, so pages stay small', async () => {
    const html = await render(await modelOf(spec), 'Country');
    expect(text(html)).toContain('Fields of region');
    expect(text(html)).toMatch(/ city City Fields: see the City model/);
    expect(text(html)).not.toContain('street');
  });

  it('nests a model extended inline (allOf: [model, more fields]) as it nests the model itself', async () => {
    const model = await modelOf(spec);
    const planner = new FieldTreePlanner(model.schemaResolver);
    const extended = planner.plan({
      allOf: [
        { $ref: '#/components/schemas/Country' },
        { type: 'object', properties: { suggestions: { type: 'string' } } },
      ],
    });
    const container = await AstroContainer.create();
    const html = await container.renderToString(SchemaTree, {
      props: { tree: extended, schemaHref: (name: string) => `/reference/schemas/${name.toLowerCase()}/` },
    });
    // Country, Region: the two levels. City, a third, is a link (it was expanded when the inline schema counted as
    // no model, and GitHub's answers written this way showed three levels of models).
    expect(text(html)).toContain('suggestions string');
    expect(text(html)).toMatch(/ city \S+ Fields: see the City model/);
    expect(text(html)).not.toContain('Fields of city');
    expect(text(html)).not.toContain('street');
  });

  it("cuts fields added to an extended model by depth only where the model's page has them", async () => {
    const model = await modelOf(spec);
    const shallow = new FieldTreePlanner(model.schemaResolver, { maxDepth: 0 });
    const tree = shallow.plan({
      allOf: [
        { $ref: '#/components/schemas/City' },
        {
          type: 'object',
          properties: { extra: { type: 'object', properties: { leaf: { type: 'string' } } } },
        },
      ],
    });
    const extra = tree.kind === 'shape' ? tree.shape.rows.find((row) => row.name === 'extra') : undefined;
    // Not "see this field on the City model page": City's page has no `extra`.
    expect(extra?.children?.kind).toBe('shape');
  });

  it('shows where the items of a list are shown elsewhere right under it, without an expander', async () => {
    const model = await modelOf(spec);
    const html = await render(model, 'Trip');
    const list = await render(
      await modelOf(`${spec}    Route:
      type: object
      properties:
        first: { $ref: '#/components/schemas/City' }
        stops: { type: array, items: { $ref: '#/components/schemas/City' } }
`),
      'Route',
    );
    expect(html).toContain('<summary>Fields of from</summary>');
    expect(text(list)).toMatch(
      / stops array of City Each item is City\. Fields: as above, and on the City model page\./,
    );
    expect(list).not.toContain('Fields of stops');
  });

  it('stops at a model that refers to itself through an allOf, as 3.1 writes a described $ref', async () => {
    const model = await modelOf(`${minimalSpec}components:
  schemas:
    Node:
      type: object
      properties:
        name: { type: string }
        parent:
          description: The node above.
          allOf: [{ $ref: '#/components/schemas/Node' }]
`);
    const tree = new FieldTreePlanner(model.schemaResolver).plan({ $ref: '#/components/schemas/Node' });
    const parent = tree.kind === 'shape' ? tree.shape.rows.find((row) => row.name === 'parent') : undefined;
    expect(parent?.children).toEqual({ kind: 'circular', model: 'Node' });
  });

  it('shows nested models as links on a page that would show more than fieldsPerPage fields', async () => {
    const wide = (fields: number) => `${minimalSpec}components:\n  schemas:\n${outerAndInner(fields)}`;
    const planned = async (fields: number) => {
      const model = await modelOf(wide(fields));
      const ref = { $ref: '#/components/schemas/Outer' };
      return plannedWithinBudget(
        (nesting) => new FieldTreePlanner(model.schemaResolver, nesting).plan(ref),
        fieldCount,
      );
    };
    // Outer's two fields and Inner's: at the budget, all shown; one more, and Inner is a link to its page.
    const within = await planned(fieldsPerPage - 2);
    expect(fieldCount(within)).toBe(fieldsPerPage);
    const over = await planned(fieldsPerPage - 1);
    expect(fieldCount(over)).toBe(2);
    const inner = over.kind === 'shape' ? over.shape.rows.find((row) => row.name === 'inner')?.children : undefined;
    expect(inner).toEqual({ kind: 'elsewhere', model: 'Inner', reason: 'too-deep' });
  });

  it('lists the shapes of a oneOf and merges allOf parts with their required fields', async () => {
    const model = await modelOf(spec);
    const shape = text(await render(model, 'Shape'));
    expect(shape).toContain('Exactly one of these shapes:');
    expect(shape).toContain('Circle');
    expect(shape).toContain('radius number required ≥ 0');
    const square = text(await render(model, 'Square'));
    expect(square).toContain('name string required');
    expect(square).toContain('side number required');
  });

  it('expands a model once per page and links to it wherever it comes again', async () => {
    const model = await modelOf(spec);
    const trip = text(await render(model, 'Trip'));
    expect(trip.match(/street/g)?.length).toBe(1);
    expect(trip).toMatch(/ to \S+ Fields: as above, and on the City model page\./);
    expect(trip).not.toContain('Fields of to');

    // Across the trees of one page (a request, then a response): the second mention links back.
    const page = new FieldTreePlanner(model.schemaResolver);
    expect(text(await render(model, 'Region', page))).toContain('street');
    const country = text(await render(model, 'Country', page));
    expect(country).toMatch(/ region \S+ Fields: as above, and on the Region model page\./);
    expect(country).not.toContain('Fields of region');
    expect(country).not.toContain('street');
  });

  it('on operation pages, links fields nested deeper than the limit to the model page that has them', async () => {
    const model = await modelOf(spec);
    const shallow = new FieldTreePlanner(model.schemaResolver, { maxDepth: 0 });
    const out = text(await render(model, 'Deep', shallow));
    expect(out).toMatch(/ outer \S+ Fields: see this field on the Deep model page\./);
    expect(out).not.toContain('Fields of outer');
    expect(out).not.toContain('inner');
    const full = text(await render(model, 'Deep'));
    expect(full).toContain('Fields of outer');
    expect(full).toContain('Fields of inner');
  });

  it("shows a long model description's first paragraph where a field uses the model", async () => {
    const model = await modelOf(spec);
    const holder = text(await render(model, 'Holder'));
    expect(holder).toContain('First paragraph of a long model description.');
    expect(holder).not.toContain('Second paragraph');
    expect(text(await render(model, 'Node'))).toContain('A tree node.'); // short ones stay whole
  });
});

describe('a model restated with more fields required', () => {
  const restating = `${minimalSpec}components:
  schemas:
    Order:
      type: object
      properties:
        petId: { type: integer }
        note: { type: string }
`;

  it('shows its fields with the restated requirements once, and later uses of the model say "as above"', async () => {
    const model = await modelOf(restating);
    const page = new FieldTreePlanner(model.schemaResolver);
    const request = page.plan({ allOf: [{ $ref: '#/components/schemas/Order' }, { required: ['petId'] }] });
    expect(request.kind === 'shape' && request.shape.rows.map((r) => [r.name, r.required])).toEqual([
      ['petId', true],
      ['note', false],
    ]);
    expect(page.plan({ $ref: '#/components/schemas/Order' })).toEqual({
      kind: 'elsewhere',
      model: 'Order',
      reason: 'shown-above',
    });
  });

  it('is only that: an allOf adding fields of its own is a new shape', async () => {
    const model = await modelOf(restating);
    const extended: SchemaOrRef = {
      allOf: [{ $ref: '#/components/schemas/Order' }, { properties: { id: { type: 'integer' } } }],
    };
    expect(restatedModel(model.schemaResolver, extended)).toBeUndefined();
    expect(
      restatedModel(model.schemaResolver, { allOf: [{ $ref: '#/components/schemas/Order' }, { required: ['note'] }] }),
    ).toBe('Order');
    const page = new FieldTreePlanner(model.schemaResolver);
    page.plan(extended);
    expect(page.plan({ $ref: '#/components/schemas/Order' }).kind).toBe('shape');
  });
});

describe('oneOf and anyOf options', () => {
  it('are named by title, discriminator value, a pinned property or a field only they require — never "object"', async () => {
    const model = await modelOf(`${minimalSpec}components:
  schemas:
    Card:
      type: object
      properties:
        kind: { type: string, enum: [card] }
    Payment:
      oneOf:
        - $ref: '#/components/schemas/Card'
        - type: object
          title: Bank transfer
          properties:
            iban: { type: string }
        - type: object
          properties:
            kind: { type: string, enum: [wallet] }
        - type: object
          required: [voucherCode]
          properties:
            voucherCode: { type: string }
      discriminator:
        propertyName: kind
        mapping:
          card: '#/components/schemas/Card'
`);
    const tree = new FieldTreePlanner(model.schemaResolver).plan({ $ref: '#/components/schemas/Payment' });
    const labels = tree.kind === 'shape' ? tree.shape.options?.choices.map((c) => c.label) : undefined;
    expect(labels).toEqual(['card (Card)', 'Bank transfer', 'kind: "wallet"', 'object with voucherCode']);
  });
});

describe('the same inline fields under several fields', () => {
  // Eight fields, as GitHub's webhook payloads restate one user object inline under many fields.
  const person = (indent = 10) => {
    const pad = ' '.repeat(indent);
    const fields = ['login', 'id', 'node_id', 'avatar_url', 'html_url', 'type', 'site_admin', 'email'].map(
      (name) => `${pad}  ${name}: { type: string, description: The ${name.replace('_', ' ')} of the account. }`,
    );
    return `\n${pad}type: object\n${pad}properties:\n${fields.join('\n')}`;
  };
  const payload = `${minimalSpec}components:
  schemas:
    Event:
      type: object
      properties:
        sender:${person()}
        assignee:${person()}
        tiny:
          type: object
          properties: { a: { type: string } }
        also_tiny:
          type: object
          properties: { a: { type: string } }
        team:
          type: object
          properties:
            lead:${person(14)}
`;

  it('shows them once and links later fields to the first, by an id inside its expander', async () => {
    const html = await render(await modelOf(payload), 'Event');
    expect(text(html).match(/avatar_url/g)?.length).toBe(1);
    expect(text(html)).toMatch(/ assignee \S+ Fields: the same as sender above\./);
    expect(text(html)).not.toContain('Fields of assignee');
    expect(text(html)).toMatch(/ lead \S+ Fields: the same as sender above\./);
    expect(text(html)).not.toContain('Fields of lead');
    const anchor = html.match(/<summary>Fields of sender<\/summary><div id="([^"]+)">/)?.[1];
    expect(anchor).toBeDefined();
    expect(html.match(new RegExp(`href="#${anchor}"`, 'g'))?.length).toBe(2);
    // Small ones are cheaper to repeat than to link.
    expect(text(html).match(/ a string/g)?.length).toBe(2);
  });

  it('does not link a field to one shown less deep than it would be', async () => {
    const model = await modelOf(payload.replace(/ {8}sender:[\s\S]*?(?= {8}assignee:)/, ''));
    const shallow = new FieldTreePlanner(model.schemaResolver, { maxDepth: 1 });
    const page = text(await render(model, 'Event', shallow));
    // team.lead comes after assignee and deeper: it links up to assignee, which shows more.
    expect(page).toMatch(/ lead \S+ Fields: the same as assignee above\./);
    expect(page).not.toContain('Fields of lead');
    const reversed = payload
      .replace(/ {8}sender:[\s\S]*?(?= {8}assignee:)/, '')
      .replace(/( {8}assignee:[\s\S]*?)(?= {8}tiny:)/, '')
      .concat(`        assignee:${person()}\n`);
    const laterShallower = text(await render(await modelOf(reversed), 'Event'));
    expect(laterShallower).toContain('Fields of lead');
    expect(laterShallower.match(/avatar_url/g)?.length).toBe(2);
  });

  it('does not link a field to one shown inside a model it is not inside', async () => {
    // Team's lead is shown inside the Team model; Event's meta.owner, as deep, is not inside Team: shown in full.
    const model = await modelOf(`${minimalSpec}components:
  schemas:
    Team:
      type: object
      properties:
        lead:${person(10)}
    Event:
      type: object
      properties:
        team: { $ref: '#/components/schemas/Team' }
        meta:
          type: object
          properties:
            owner:${person(14)}
`);
    const page = text(await render(model, 'Event'));
    expect(page).toContain('Fields of lead');
    expect(page).not.toContain('the same as lead');
    expect(page.match(/avatar_url/g)?.length).toBe(2);
  });
});

/**
 * What a schema's field tree shows, decided before anything is rendered.
 *
 * A page expands each named model once: the first place it appears shows
 * its fields, later places link to its model page. So a page's size follows
 * what the operation uses, not how often models reach into each other (a
 * list response whose items mention one Address three times would otherwise
 * repeat its fields three times). A reference already open higher up in the
 * same tree is circular and stops there (so is an inline `allOf` of models
 * already open, and a schema inside itself through a `$ref` that names no
 * model); a named model nested deeper than `maxNestedModels` (one on a page of
 * more than `fieldsPerPage` fields) is a link too, and so are fields nested
 * more than `maxDepth` expanders deep that belong to a model (its page shows
 * them). No page opens more than `fieldDepthAtMost` expanders, whatever the
 * schema: the planner and the renderer recurse once per level.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaOrRef, SchemaResolver } from '../../openapi/index.ts';
import {
  additionalPropertiesNote,
  constraints,
  flags,
  hasChildren,
  objectProperties,
  refName,
  typeLabel,
} from './schema-summary.ts';

/** Named models expanded inside one tree before the rest become links to their pages (see `fieldsPerPage`). */
export const maxNestedModels = 2;

/**
 * Levels of expanders an operation page opens inside a model before linking
 * to the model's page, which shows the rest: fields, their fields, and
 * theirs. Deep inline structures otherwise made pages of big APIs ~3,000
 * elements.
 */
export const fieldDepthOnOperationPages = 2;

/**
 * Levels of expanders any page opens, model pages included: past it, fields link to the page of the model they
 * belong to, or, on that model's own page, are not listed. GitHub's deepest model page opens 6 (`environment`),
 * so real pages stay whole; a description of Microsoft Graph's shape, whose inline `allOf` mixes of 200-field
 * models reach into each other, otherwise nested without end and overflowed the stack.
 */
export const fieldDepthAtMost = 6;

/**
 * Fields a page shows before the models nested inside its models become links to their pages, which list their
 * fields. A field is 150-300 bytes of HTML, with its description: GitHub's `repos/update` answers with a
 * repository whose owner, organisation, parent and template repository were each expanded inside it, 455 fields
 * and a 146 KB page (171 fields with them as links). Its biggest webhook payload model (859 fields, 124 KB) came
 * to 85 KB: the repository, organisation and sender models in it became links; the rest of it is inline fields,
 * which no nesting limit cuts. A higher budget let a Graph-shaped "get" page list its model and three nested
 * ones, half the page; this one keeps a page's own model and a small nested one or two.
 */
export const fieldsPerPage = 200;

/**
 * A page's field trees, planned by `plan` with a fresh planner's options: again with nested models as links when
 * the first plan shows more than `fieldsPerPage` fields (`count`).
 */
export function plannedWithinBudget<T>(
  plan: (nesting: { maxNestedModels?: number }) => T,
  count: (planned: T) => number,
): T {
  const planned = plan({});
  return count(planned) > fieldsPerPage ? plan({ maxNestedModels: 1 }) : planned;
}

/**
 * Inline fields (no model name) at least this long, as JSON, are shown once per page: a later field with the
 * very same fields links to the first. GitHub's webhook payloads restate one user object inline under a
 * dozen fields; its biggest webhook model pages were ~198 KB.
 */
const sameFieldsAtLeast = 500;

export type FieldTree =
  /** A model already open higher up in this tree. */
  | { kind: 'circular'; model: string }
  /**
   * Fields shown elsewhere: earlier on this page, or on a model page because they are nested too deep
   * (`inModel`: the model is an ancestor holding these fields, not their own type).
   */
  | { kind: 'elsewhere'; model: string; reason: 'shown-above' | 'too-deep'; inModel?: true }
  /**
   * Fields this page does not list and no other page lists better: nested more than `fieldDepthAtMost` levels
   * inside the page's own model (or an inline schema), or inside themselves through a `$ref` that names no model.
   */
  | { kind: 'unlisted'; reason: 'too-deep' | 'circular' }
  /** The same inline fields as a field higher up this page (`field`), whose expander has the id `anchor`. */
  | { kind: 'same-as'; field: string; anchor: string }
  /** `anchor`: set when a later field has the same fields and links here. */
  | { kind: 'shape'; shape: Shape; anchor?: string };

export interface Shape {
  rows: FieldRow[];
  /**
   * An inline mix of models nested past `maxNestedModels`: the models whose fields it also has, listed on their
   * pages; `rows` are then only the fields the mix adds.
   */
  basedOn?: string[];
  /** What the object says about fields it does not list. */
  extra: string | undefined;
  /** An array's items. */
  items?: { label: string; tree: FieldTree | undefined };
  options?: { exactlyOne: boolean; choices: { label: string; tree: FieldTree }[] };
}

export interface FieldRow {
  name: string;
  type: string;
  /** The model the type names, when it is one. */
  model: string | undefined;
  required: boolean;
  /** Flags and constraints in words: `read-only`, `1–100 characters`… */
  notes: string[];
  description: string | undefined;
  example: string | undefined;
  children: FieldTree | undefined;
}

/**
 * Which message a tree describes: a request leaves out read-only fields, a response write-only ones (as samples
 * do); unset (model pages) lists every field.
 */
export type Direction = 'request' | 'response';

/**
 * Plans the field trees of one page. Call `plan` in reading order (request
 * before responses): the first tree to reach a model expands it.
 */
export class FieldTreePlanner {
  readonly #schemas: SchemaResolver;
  readonly #maxDepth: number;
  readonly #maxNestedModels: number;
  /** The model whose own page this is: fields cut in it have no better page to link to. */
  readonly #ownModel: string | undefined;
  readonly #expanded = new Set<string>();
  /** Inline fields already shown on this page, by their schema's JSON. */
  readonly #shownInline = new Map<
    string,
    { field: string; depth: number; open: readonly string[]; tree: FieldTree & { kind: 'shape' } }
  >();
  #anchors = 0;
  /** The direction of the tree being planned. */
  #direction: Direction | undefined;

  /**
   * `maxDepth`: how many levels of expanders a model's fields may open on this page; `maxNestedModels`: how many
   * named models one tree expands inside each other before the next is a link; `ownModel`: on a model's page,
   * that model.
   */
  constructor(
    schemas: SchemaResolver,
    {
      maxDepth = Number.POSITIVE_INFINITY,
      maxNestedModels: nested = maxNestedModels,
      ownModel,
    }: { maxDepth?: number; maxNestedModels?: number; ownModel?: string } = {},
  ) {
    this.#schemas = schemas;
    this.#maxDepth = Math.min(maxDepth, fieldDepthAtMost);
    this.#maxNestedModels = nested;
    this.#ownModel = ownModel;
  }

  plan(schema: SchemaOrRef, direction?: Direction): FieldTree {
    this.#direction = direction;
    return this.#plan(schema, { models: [], schemas: [] }, 0, undefined);
  }

  /**
   * What a model or inline schema is remembered by on this page: a model shown for a request without its
   * read-only fields is not "shown above" for a response that has them; one with nothing to leave out is shared.
   */
  #viewKey(name: string, schema: SchemaOrRef): string {
    const direction = this.#direction;
    if (direction === undefined || !this.#hidesFields(schema, direction)) return name;
    return `${direction}\u0000${name}`;
  }

  /** Whether `direction` leaves out a field of this schema or of any schema inside it. */
  #hidesFields(schema: SchemaOrRef, direction: Direction): boolean {
    return hidesFields(this.#schemas, schema, direction);
  }

  /** A field's fields: planned, or a link to the same inline fields shown higher up the page. */
  #planField(
    field: string,
    schema: SchemaOrRef,
    inside: Enclosing,
    depth: number,
    holder: string | undefined,
  ): FieldTree {
    const open = inside.models;
    const json = refName(schema) === undefined ? inlineKey(schema) : undefined;
    const key = json === undefined ? undefined : this.#viewKey(json, schema);
    const first = key === undefined ? undefined : this.#shownInline.get(key);
    // Only to fields shown no less fully: as deep or less, and inside no model this one is not inside too (a copy
    // may stop at a depth, a circular reference or a nesting of models that this one would not).
    if (first && first.depth <= depth && first.open.every((model) => open.includes(model))) {
      first.tree.anchor ??= `pst-fields-${++this.#anchors}`;
      return { kind: 'same-as', field: first.field, anchor: first.tree.anchor };
    }
    const tree = this.#plan(schema, inside, depth, holder);
    // Only fields listed in an expander are linked to (its id is on the expander's contents).
    if (key !== undefined && tree.kind === 'shape' && listsFields(tree)) {
      this.#shownInline.set(key, { field, depth, open, tree });
    }
    return tree;
  }

  /**
   * `inside`: the models and schemas of the enclosing trees, outermost first; `depth`: expanders above this tree;
   * `holder`: the innermost model whose page lists these fields (a model extended inline is open, but its page
   * lacks the fields added to it).
   */
  #plan(schema: SchemaOrRef, inside: Enclosing, depth: number, holder: string | undefined): FieldTree {
    const schemas = this.#schemas;
    const open = inside.models;
    const model = refName(schema);
    // A model restated or extended inline (`allOf: [{$ref: issue}, {properties: …}]`, as GitHub answers) nests like
    // the model itself, and inside itself it is circular as the model would be (a 3.1 `$ref` with a description,
    // read as such an `allOf`, otherwise recursed without end on a model page). An inline mix of several models
    // holds each of them: Graph-shaped models whose mixes hold each other's mixes nested without end.
    const based = model !== undefined ? [model] : composedModels(schemas, schema);
    const reentered = based.find((name) => open.includes(name));
    if (reentered !== undefined) return { kind: 'circular', model: reentered };
    if (model !== undefined) {
      if (this.#expanded.has(this.#viewKey(model, schema))) return { kind: 'elsewhere', model, reason: 'shown-above' };
      if (open.length >= this.#maxNestedModels) return { kind: 'elsewhere', model, reason: 'too-deep' };
    }
    if (depth > this.#maxDepth && holder !== undefined && holder !== this.#ownModel) {
      return model
        ? { kind: 'elsewhere', model, reason: 'too-deep' }
        : { kind: 'elsewhere', model: holder, reason: 'too-deep', inModel: true };
    }
    if (depth > fieldDepthAtMost) {
      return model ? { kind: 'elsewhere', model, reason: 'too-deep' } : { kind: 'unlisted', reason: 'too-deep' };
    }
    const s = schemas.resolve(schema);
    // Inside itself through a `$ref` that names no model (`#/components/schemas/A/properties/child`).
    if (inside.schemas.includes(s)) return { kind: 'unlisted', reason: 'circular' };
    // An inline mix of models nests them as a `$ref` would: past the limit, its models are links and only the
    // fields it adds are listed (Graph-shaped mixes of 200-field models otherwise listed hundreds of fields that
    // their model pages list already).
    const inherited =
      model === undefined && based.length > 0 && open.length >= this.#maxNestedModels
        ? new Set(composedModelRefs(schemas, schema).flatMap((part) => propertyNames(schemas, part)))
        : undefined;
    if (model !== undefined) this.#expanded.add(this.#viewKey(model, schema));
    // A model restated with more fields required shows that model's fields: later uses of the model say "as above".
    const restated = model === undefined && !inherited ? restatedModel(schemas, schema) : undefined;
    if (restated !== undefined) this.#expanded.add(this.#viewKey(restated, schema));
    const inner: Enclosing = { models: [...open, ...based], schemas: [...inside.schemas, s] };
    const innerHolder = model ?? holder;
    const shape: Shape = {
      ...(inherited ? { basedOn: based } : {}),
      rows: (objectProperties(schemas, schema) ?? []).flatMap((row) => {
        const direction = this.#direction;
        if (inherited?.has(row.name)) return [];
        if (direction !== undefined && isLeftOut(schemas.resolve(row.schema), direction)) return [];
        const rowSchema = schemas.resolve(row.schema);
        const rowModel = refName(row.schema);
        return {
          name: row.name,
          type: typeLabel(schemas, row.schema),
          model: rowModel,
          required: row.required,
          notes: [...flags(schemas, row.schema), ...constraints(schemas, row.schema)],
          description: rowModel ? modelSummary(rowSchema.description) : rowSchema.description,
          example: rowSchema.example === undefined ? undefined : JSON.stringify(rowSchema.example),
          children: hasChildren(schemas, row.schema)
            ? this.#planField(row.name, row.schema, inner, depth + 1, innerHolder)
            : undefined,
        };
      }),
      extra: additionalPropertiesNote(schemas, schema),
    };
    if (s.type === 'array' && s.items) {
      shape.items = {
        label: typeLabel(schemas, s.items),
        tree: hasChildren(schemas, s.items) ? this.#plan(s.items, inner, depth, innerHolder) : undefined,
      };
    }
    const options = s.oneOf ?? s.anyOf;
    if (options && options.length > 0) {
      shape.options = {
        exactlyOne: s.oneOf !== undefined,
        choices: options.map((option) => ({
          label: variantLabel(schemas, option, options, s.discriminator),
          tree: this.#plan(option, inner, depth + 1, innerHolder),
        })),
      };
    }
    return { kind: 'shape', shape };
  }
}

/**
 * Per resolver and direction, what `hidesFields` has settled: every page asks it of the same models, and the walk
 * goes through everything inside them.
 */
const settledHiding = new WeakMap<SchemaResolver, Record<Direction, WeakMap<object, boolean>>>();

/**
 * Whether `direction` leaves out a field of this schema or of any schema inside it, at any depth. A walk that
 * meets a schema it is still inside (a cycle) counts it as hiding nothing for now: what it then finds is settled
 * only where sure, a schema found hiding a field, or every schema of a walk that found none.
 */
function hidesFields(schemas: SchemaResolver, schema: SchemaOrRef, direction: Direction): boolean {
  let settled = settledHiding.get(schemas);
  if (!settled) {
    settled = { request: new WeakMap(), response: new WeakMap() };
    settledHiding.set(schemas, settled);
  }
  const known = settled[direction];
  const walked = new Map<object, boolean>();
  const visit = (part: SchemaOrRef): boolean => {
    const s = schemas.resolve(part);
    const answer = known.get(s) ?? walked.get(s);
    if (answer !== undefined) return answer;
    walked.set(s, false);
    const inner = [
      ...Object.values(s.properties ?? {}),
      ...(s.allOf ?? []),
      ...(s.oneOf ?? []),
      ...(s.anyOf ?? []),
      ...(s.type === 'array' && s.items ? [s.items] : []),
      ...(typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []),
    ];
    const found =
      Object.values(s.properties ?? {}).some((p) => isLeftOut(schemas.resolve(p), direction)) || inner.some(visit);
    walked.set(s, found);
    if (found) known.set(s, true);
    return found;
  };
  const found = visit(schema);
  // Nothing the walk reached hides a field: each of them is settled.
  if (!found) for (const s of walked.keys()) known.set(s, false);
  return found;
}

/** What encloses a tree: the models open around it (outermost first) and every schema it is inside. */
interface Enclosing {
  models: readonly string[];
  schemas: readonly object[];
}

/**
 * The models an inline `allOf` builds on, its inline parts' own `allOf`s included; none for a `$ref` or a
 * schema without `allOf`.
 */
export function composedModels(schemas: SchemaResolver, schema: SchemaOrRef): string[] {
  return [...new Set(composedModelRefs(schemas, schema).map((part) => refName(part) ?? ''))];
}

/** The `$ref` parts of an inline `allOf`, its inline parts' own `allOf`s included, in order. */
function composedModelRefs(schemas: SchemaResolver, schema: SchemaOrRef): SchemaOrRef[] {
  const refs: SchemaOrRef[] = [];
  const seen = new Set<object>();
  const visit = (part: SchemaOrRef) => {
    if (refName(part) !== undefined) {
      refs.push(part);
      return;
    }
    const s = schemas.resolve(part);
    if (seen.has(s)) return;
    seen.add(s);
    for (const inner of s.allOf ?? []) visit(inner);
  };
  if (refName(schema) === undefined) visit(schema);
  return refs;
}

/** The names of a schema's fields, its `allOf` parts' included. */
function propertyNames(schemas: SchemaResolver, schema: SchemaOrRef): string[] {
  return (objectProperties(schemas, schema) ?? []).map((row) => row.name);
}

const modelList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/**
 * What a shape cut to the fields a mix adds says of the models it is based on (`basedOn`): words and the models'
 * names, to be linked. With fields of its own: "The fields of the A and B models, and:"; without: "Fields: see the
 * A model.".
 */
export function basedOnWords(shape: Shape): ({ model: string } | { text: string })[] {
  const names = shape.basedOn ?? [];
  if (names.length === 0) return [];
  const own = shape.rows.length > 0;
  return [
    { text: own ? 'The fields of the ' : 'Fields: see the ' },
    ...modelList
      .formatToParts(names)
      .map((part) => (part.type === 'element' ? { model: part.value } : { text: part.value })),
    { text: `${names.length > 1 ? ' models' : ' model'}${own ? ', and:' : '.'}` },
  ];
}

/**
 * Whether a tree shows anything: a body that is a plain string or number has no fields, notes or items, and an
 * expander for its fields would open onto nothing.
 */
export function showsAnything(tree: FieldTree): boolean {
  if (tree.kind !== 'shape') return true;
  const { rows, basedOn, extra, items, options } = tree.shape;
  return (
    rows.length > 0 || (basedOn?.length ?? 0) > 0 || Boolean(extra) || items !== undefined || options !== undefined
  );
}

/** Whether a tree lists fields (worth an expander), rather than only saying where they are. */
export function listsFields(tree: FieldTree): boolean {
  if (tree.kind !== 'shape') return false;
  const { rows, options, items } = tree.shape;
  return rows.length > 0 || options !== undefined || (items?.tree !== undefined && listsFields(items.tree));
}

/** How many fields a planned tree shows, at every depth: what its size on the page follows. */
export function fieldCount(tree: FieldTree | undefined): number {
  if (tree?.kind !== 'shape') return 0;
  const { rows, items, options } = tree.shape;
  let count = rows.length;
  for (const row of rows) count += fieldCount(row.children);
  count += fieldCount(items?.tree);
  for (const choice of options?.choices ?? []) count += fieldCount(choice.tree);
  return count;
}

/** An inline schema's identity for "the same fields": its JSON when long enough to be worth a link. */
function inlineKey(schema: SchemaOrRef): string | undefined {
  let json: string;
  try {
    json = JSON.stringify(schema);
  } catch {
    return undefined; // A circular object: never the same as another by its text.
  }
  return json.length >= sameFieldsAtLeast ? json : undefined;
}

/** Longer model descriptions are cut to their first paragraph where a field uses the model. */
const modelSummaryLength = 400;

/**
 * What a field typed as a model says of it: that model's own description (OpenAPI 3.0 ignores a
 * `$ref`'s siblings), whole when short, else its first paragraph; the model page has the rest.
 */
export function modelSummary(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed || trimmed.length <= modelSummaryLength) return trimmed;
  return trimmed.split(/\n[ \t]*\n/)[0];
}

/**
 * The one model an inline `allOf` builds on, with fields of its own or not (`restatedModel` is the case without);
 * undefined for anything else.
 */
export function extendedModel(schemas: SchemaResolver, schema: SchemaOrRef): string | undefined {
  if (refName(schema) !== undefined) return undefined;
  const models = (schemas.resolve(schema).allOf ?? [])
    .map((part) => refName(part))
    .filter((name) => name !== undefined);
  return models.length === 1 ? models[0] : undefined;
}

/** Keywords a restatement may add to a model without changing its fields. */
const restatingKeywords = new Set(['required', 'description', 'title', 'type']);

/**
 * The model an inline schema restates with more fields required (`allOf: [{$ref: Order}, {required: [petId]}]`,
 * the usual way to say "an Order, and these fields are required here"), or undefined for anything else.
 */
export function restatedModel(schemas: SchemaResolver, schema: SchemaOrRef): string | undefined {
  const base = extendedModel(schemas, schema);
  if (base === undefined) return undefined;
  const s = schemas.resolve(schema);
  if (s.properties || s.oneOf || s.anyOf) return undefined;
  const restatements = (s.allOf ?? []).filter((part) => refName(part) === undefined);
  return restatements.every((part) => Object.keys(part).every((key) => restatingKeywords.has(key))) ? base : undefined;
}

/**
 * What to call one option of a oneOf/anyOf so a reader can tell the options apart: its model name or `title`,
 * the discriminator value that selects it, a property only it pins to one value (`type: "card"`), or a required
 * field only it has; its type as a last resort. Never "1. object … 9. object".
 */
export function variantLabel(
  schemas: SchemaResolver,
  option: SchemaOrRef,
  siblings: readonly SchemaOrRef[],
  discriminator?: OpenAPIV3.DiscriminatorObject,
): string {
  const name = refName(option);
  const s = schemas.resolve(option);
  if (s.title) return s.title;
  const mapped = Object.entries(discriminator?.mapping ?? {}).find(
    ([, target]) => '$ref' in option && target === option.$ref,
  );
  if (mapped) return name ? `${mapped[0]} (${name})` : mapped[0];
  if (name) return name;
  const properties = objectProperties(schemas, option) ?? [];
  const pinned = (row: { schema: SchemaOrRef }) => {
    const values = schemas.resolve(row.schema).enum;
    return values?.length === 1 ? values[0] : undefined;
  };
  const byDiscriminator = properties.find(
    (row) => row.name === discriminator?.propertyName && pinned(row) !== undefined,
  );
  const byPin = byDiscriminator ?? properties.find((row) => pinned(row) !== undefined);
  if (byPin) return `${byPin.name}: ${JSON.stringify(pinned(byPin))}`;
  const others = siblings
    .filter((sibling) => sibling !== option)
    .map((sibling) => objectProperties(schemas, sibling) ?? []);
  const own = properties.find((row) => row.required && others.every((rows) => !rows.some((r) => r.name === row.name)));
  if (own) return `${typeLabel(schemas, option)} with ${own.name}`;
  return typeLabel(schemas, option);
}

/** Whether a field is not part of this direction's message: read-only in a request, write-only in a response. */
function isLeftOut(field: OpenAPIV3.SchemaObject, direction: Direction): boolean {
  return direction === 'request' ? field.readOnly === true : field.writeOnly === true;
}

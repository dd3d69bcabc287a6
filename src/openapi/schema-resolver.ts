/**
 * The description's schemas as pages, samples and the sandbox read them. The
 * model keeps a schema as written, `$ref`s included (so a circular schema is a
 * link, not an endless loop); this follows one to its definition. It holds the
 * checked description in 3.0's dialect (dialect.ts has settled what 3.1 and 3.2
 * write differently), since a `$ref` may point anywhere in it. Pages ask it for
 * schemas only; the whole document goes out just once, to a JSON Schema
 * validator that follows `$ref`s itself (`referenceRoot`). Operations,
 * parameters and info are read from the model, never from the raw description.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaOrRef } from './model.ts';
import { dereference, isReference } from './refs.ts';

export class SchemaResolver {
  readonly #root: object;
  /**
   * Definitions by `$ref`: the description does not change once checked, and every page resolves the same
   * references again, each a JSON pointer to parse and follow.
   */
  readonly #definitions = new Map<string, OpenAPIV3.SchemaObject>();

  /** `root`: the description whose `$ref`s were checked (checkReferences) and found to lead somewhere. */
  constructor(root: object) {
    this.#root = root;
  }

  /** The schema itself: `schema`, or the definition its `$ref` (chain) leads to. */
  resolve(schema: SchemaOrRef): OpenAPIV3.SchemaObject {
    if (!isReference(schema)) return schema;
    let definition = this.#definitions.get(schema.$ref);
    if (definition === undefined) {
      definition = dereference<OpenAPIV3.SchemaObject>(this.#root, schema);
      this.#definitions.set(schema.$ref, definition);
    }
    return definition;
  }

  /**
   * The JSON a JSON Schema validator registers to follow these schemas' `$ref`s itself (the sandbox's Ajv);
   * a `$ref` such as `#/components/schemas/Pet` is a pointer into it.
   */
  referenceRoot(): object {
    return this.#root;
  }
}

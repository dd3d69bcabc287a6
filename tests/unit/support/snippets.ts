/** Small descriptions in 3.1 (or another version) for the tests of what each version writes differently. */
import { modelOf } from './check.ts';

/** A 3.1 (or `version`) description of one GET /things whose 200 body is `schema`, with `extra` appended. */
export const describe31 = (schema: string, extra = '', version = '3.1.1') => `openapi: ${version}
info:
  title: Tiny
  version: 1.0.0
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
${schema
  .split('\n')
  .map((line) => `                ${line}`)
  .join('\n')}
${extra}`;

/** The 200 body schema of the one operation, as the model reads it. */
export async function bodySchema(text: string) {
  const model = await modelOf(text);
  const media = model.operations[0]?.responses[0]?.content[0];
  if (!media?.schema) throw new Error('no body schema');
  return { model, schema: media.schema, resolved: model.schemaResolver.resolve(media.schema) };
}

/** A description of models only is a site of model pages; one with neither operations nor models is refused. */
import { describe, expect, it } from 'vitest';
import { modelOf, problemsOf } from './support/check.ts';

describe('a description without operations', () => {
  it('is accepted when it has models, as a catalogue of them', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Events, version: 1.0.0 }
components:
  schemas:
    Started: { type: object, properties: { id: { type: string } } }
`);
    expect(model.operations).toEqual([]);
    expect(model.schemas.map((s) => s.name)).toEqual(['Started']);
  });

  it('is refused with neither operations nor models, saying what would make a site', async () => {
    const problems = await problemsOf(`openapi: 3.1.0
info: { title: Empty, version: 1.0.0 }
paths: {}
`);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: 'The description has no operations and no models, so there is nothing to document.',
      }),
    ]);
  });
});

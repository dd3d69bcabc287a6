/**
 * The twins' description Markdown placed ahead of time in a worker thread (src/publishing/twin-descriptions.ts):
 * what the worker places is what the twin would have placed itself, hostile text included, and the list a build
 * hands the worker holds every description a twin parses.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { DescriptionPlacer } from '../../src/publishing/twin-descriptions.ts';
import { pageMarkdown, referenceRoutes } from '../../src/reference/page-kinds.ts';

import {
  type DescriptionToPlace,
  descriptionMarkdown,
  placingParses,
  usePlacedDescriptions,
} from '../../src/reference/twins/markdown-text.ts';
import { type TwinInputs, twinDescriptions } from '../../src/reference/twins/page-markdown.ts';
import { modelOf } from './support/check.ts';

const hostile = [
  '<script>alert(1)</script>\n\n[click](javascript:alert(1))',
  '# Overview\n\nText with a [safe link](https://example.com).\n\n## Details\n\n<img src=x onerror=alert(1)>',
  'An unclosed fence:\n\n```js\nconst x = 1;',
  '![pixel](https://tracker.example/p.gif) and [ref][bad]\n\n[bad]: javascript:alert(1)',
];

afterEach(() => usePlacedDescriptions(undefined));

describe('Twin descriptions placed in a worker', () => {
  it('are what descriptionMarkdown gives, for hostile text too, each taken once', async () => {
    const texts: DescriptionToPlace[] = hostile.flatMap((markdown) => [
      { markdown, highestHeading: 2 },
      { markdown, highestHeading: 4 },
    ]);
    const placer = new DescriptionPlacer([...texts, ...texts]);
    try {
      await placer.whenPlaced();
      for (const { markdown, highestHeading } of texts) {
        const placed = placer.take(markdown, highestHeading);
        expect(placed, markdown).toBe(descriptionMarkdown(markdown, highestHeading));
        expect(placed).not.toMatch(/<script|<img|\(javascript:/);
        // Taken: the twin's own cache keeps it from here on, and the placer lets it go.
        expect(placer.take(markdown, highestHeading)).toBeUndefined();
      }
      expect(placer.take('Not on the list: [x](https://example.com)', 2)).toBeUndefined();
    } finally {
      await placer.close();
    }
  });

  it('list every description a reference twin parses to place', async () => {
    // Texts of their own: the twins' cache remembers those placed above, and would not ask for them again.
    const own = hostile.map((text) => `In the model: ${text}`);
    const model = await modelOf(`openapi: 3.0.3
info: { title: Placed, version: 1.0.0 }
tags:
  - name: pets
    description: ${JSON.stringify(own[1])}
paths:
  /pets:
    post:
      tags: [pets]
      operationId: addPet
      description: ${JSON.stringify(own[0])}
      requestBody:
        description: ${JSON.stringify(own[2])}
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '200': { description: OK }
components:
  schemas:
    Pet:
      type: object
      description: ${JSON.stringify(own[3])}
      properties: { name: { type: string } }
`);
    const petStore = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
    const inputs: TwinInputs = { downloads: [] };
    for (const m of [model, petStore]) {
      const listed = new Set(twinDescriptions(m).map((t) => `${t.highestHeading} ${t.markdown}`));
      const asked: string[] = [];
      usePlacedDescriptions({
        take(markdown, highestHeading) {
          if (placingParses(markdown)) asked.push(`${highestHeading} ${markdown}`);
          return undefined;
        },
      });
      // The introduction's few texts (groups, schemes, its sections) are placed by its twin itself.
      for (const route of referenceRoutes(m)) if (route.type !== 'introduction') pageMarkdown(m, route, inputs);
      usePlacedDescriptions(undefined);
      expect(asked.length, m.info.title).toBeGreaterThan(0);
      expect(
        asked.filter((text) => !listed.has(text)),
        m.info.title,
      ).toEqual([]);
      if (m === model) expect(listed.size).toBe(hostile.length);
    }
  });
});

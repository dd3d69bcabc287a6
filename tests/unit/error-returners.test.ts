/** src/reference/pages/error-returners.ts: the error catalog's "Returned by", listed by operation or, when many, by tag. */
import { describe, expect, it } from 'vitest';
import { errorReturners, listedAtMost } from '../../src/reference/pages/error-returners.ts';
import { referencePaths } from '../../src/reference/routes.ts';
import { modelOf } from './support/check.ts';

/** `count` operations tagged `tag`; each documents a 404, and the first `with409` a 409 too. */
function paths(tag: string, count: number, with409 = 0): string {
  return Array.from({ length: count }, (_, i) => {
    const conflict = i < with409 ? `\n        '409': { description: Conflict }` : '';
    return `  /${tag.toLowerCase()}/${i}:
    get:
      operationId: get${tag}${i}
      summary: Get ${tag.toLowerCase()} ${i}
      tags: [${tag}]
      responses:
        '200': { description: OK }
        '404': { description: Missing }${conflict}`;
  }).join('\n');
}

const description = (pathItems: string) => `openapi: 3.0.3
info: { title: T, version: '1' }
tags: [{ name: Boxes }, { name: Crates }, { name: Lone }]
paths:
${pathItems}
  /lone:
    get:
      operationId: getLone
      tags: [Lone]
      responses:
        '200': { description: OK }
components:
  schemas:
    Error:
      type: object
      x-error-codes:
        - { code: missing, status: 404, meaning: Nothing there. }
        - { code: taken, status: 409, meaning: Already there. }
        - { code: no_route, status: 404, meaning: No such route., scope: global }
`;

describe('who returns an error code', () => {
  it(`lists up to ${listedAtMost} operations by name, in the catalog's order`, async () => {
    const model = await modelOf(description(paths('Boxes', 3, 2)));
    const urls = referencePaths(model);
    const [missing, taken, noRoute] = model.errorCodes.map((entry) => errorReturners(model, entry, urls));
    expect(missing).toEqual({
      kind: 'operations',
      operations: [0, 1, 2].map((i) => ({ label: `Get boxes ${i}`, href: urls.operationById(`getBoxes${i}`) })),
    });
    expect(taken).toEqual({
      kind: 'operations',
      operations: [0, 1].map((i) => ({ label: `Get boxes ${i}`, href: urls.operationById(`getBoxes${i}`) })),
    });
    expect(noRoute).toEqual({ kind: 'any-request' });
  });

  it('past that, names the tags and how many of each tag return it', async () => {
    const model = await modelOf(description(`${paths('Boxes', 20, 20)}\n${paths('Crates', 1200, 8)}`));
    const urls = referencePaths(model);
    const tag = (name: string) => {
      const found = model.tags.find((t) => t.name === name);
      if (!found) throw new Error(`no tag ${name}`);
      return urls.tag(found);
    };
    const [missing, taken] = model.errorCodes.map((entry) => errorReturners(model, entry, urls));
    expect(missing).toEqual({
      kind: 'tags',
      count: '1,220 operations',
      tags: [
        { label: 'Boxes', href: tag('Boxes'), share: 'all 20' },
        { label: 'Crates', href: tag('Crates'), share: 'all 1,200' },
      ],
    });
    expect(taken).toEqual({
      kind: 'tags',
      count: '28 operations',
      tags: [
        { label: 'Boxes', href: tag('Boxes'), share: 'all 20' },
        { label: 'Crates', href: tag('Crates'), share: '8 of 1,200' },
      ],
    });
  });

  it('past that many tags, names the tag groups, and past that many groups, only counts', async () => {
    // 30 tags of one operation each; every operation but the first returns 404. The last tag is in no group.
    const tagged = Array.from(
      { length: 30 },
      (_, i) => `  /t${i}:
    get:
      operationId: get${i}
      tags: [T${i}]
      responses:
        '200': { description: OK }${i === 0 ? '' : "\n        '404': { description: Missing }"}`,
    ).join('\n');
    const catalog = `components:
  schemas:
    Error:
      type: object
      x-error-codes:
        - { code: missing, status: 404, meaning: Nothing there. }`;
    const names = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `T${from + i}`).join(', ');
    const grouped = await modelOf(`openapi: 3.0.3
info: { title: T, version: '1' }
x-tagGroups:
  - { name: Group A, tags: [${names(0, 15)}] }
  - { name: Group B, tags: [${names(15, 29)}] }
paths:
${tagged}
${catalog}
`);
    const urls = referencePaths(grouped);
    const lone = grouped.tags.find((t) => t.name === 'T29');
    expect(errorReturners(grouped, grouped.errorCodes[0] ?? ({} as never), urls)).toEqual({
      kind: 'tags',
      count: '29 operations',
      tags: [
        { label: 'Group A', href: `${urls.introduction}#group-group-a`, share: '14 of 15' },
        { label: 'Group B', href: `${urls.introduction}#group-group-b`, share: 'all 14' },
        { label: 'T29', href: lone && urls.tag(lone), share: undefined },
      ],
    });

    const ungrouped = await modelOf(`openapi: 3.0.3
info: { title: T, version: '1' }
paths:
${tagged}
${catalog}
`);
    expect(errorReturners(ungrouped, ungrouped.errorCodes[0] ?? ({} as never), referencePaths(ungrouped))).toEqual({
      kind: 'tags',
      count: '29 operations in 29 tags',
      tags: [],
    });
  });

  it('says "Every operation" when every operation returns it', async () => {
    const model = await modelOf(
      description(paths('Boxes', 2)).replace(/ {2}\/lone:[\s\S]*?'200': \{ description: OK \}\n/, ''),
    );
    const [missing] = model.errorCodes.map((entry) => errorReturners(model, entry, referencePaths(model)));
    expect(missing).toEqual({ kind: 'every-operation' });
  });
});

/**
 * Problem positions found by reading lines must be the ones the YAML parser
 * gives (the parser is the reference; the line reader only saves its cost),
 * and the fast reading must give the same data as the parser.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPointer } from '../../src/openapi/json-pointer.ts';
import { blockYamlLocator } from '../../src/openapi/locate-in-yaml.ts';
import { parseCarefully, parseSource } from '../../src/openapi/parse-source.ts';

const root = path.resolve(import.meta.dirname, '../..');

function everyPointer(data: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, segments: string[]) => {
    out.push(toPointer(segments));
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) walk(child, [...segments, key]);
    }
  };
  walk(data, []);
  return out;
}

function compare(text: string): { checked: number; quick: number } {
  const careful = parseCarefully(text);
  if (!careful.ok) throw new Error('the reference parse failed');
  const quickRead = parseSource(text);
  expect(quickRead.ok && quickRead.source.data).toEqual(careful.source.data);
  let quick = 0;
  const pointers = everyPointer(careful.source.data);
  const locate = blockYamlLocator(text);
  for (const pointer of pointers) {
    const found = locate(pointer);
    if (found === undefined) continue;
    quick++;
    expect({ pointer, at: found }).toEqual({ pointer, at: careful.source.locate(pointer) });
  }
  return { checked: pointers.length, quick };
}

const quirks = `# A comment before anything
openapi: 3.0.3
info:
  title: "Quoted: with a colon"
  description: |
    summary: this line is text, not a key
    - nor is this an item
  'x-single': 'it''s'
tags:
- name: Pets
  description: >
    folded
-   name: Store

  # a comment between items
paths:
  "/pets/{petId}":
    get:
      responses:
        "200":
          description: OK
        '404': { description: Not found }
      parameters:
        -
          name: petId
          in: path
        - $ref: '#/components/parameters/Limit'
list-of-lists:
  - - a
    - b
  - [c, d]
`;

describe('locating a pointer by reading lines', () => {
  it('agrees with the YAML parser on every node of spec/openapi.yaml, and finds nearly all of them', () => {
    const { checked, quick } = compare(readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8'));
    expect(quick / checked).toBeGreaterThan(0.95);
  });

  it('agrees with the YAML parser on a generated description', () => {
    const text = execFileSync(process.execPath, [path.join(root, 'tests/bench/generate-description.ts'), '60'], {
      encoding: 'utf8',
    });
    const { checked, quick } = compare(text);
    expect(quick / checked).toBeGreaterThan(0.95);
  });

  it('agrees on quoted keys, block scalars, compact and same-indent lists, and gives up on flow collections', () => {
    compare(quirks);
    expect(blockYamlLocator(quirks)('/paths/~1pets~1{petId}/get/responses/404/description')).toBeUndefined();
    expect(blockYamlLocator(quirks)('/info/description')).toEqual({ line: 5, column: 3 });
    expect(blockYamlLocator(quirks)('/tags/1/name')).toEqual({ line: 13, column: 5 });
  });
});

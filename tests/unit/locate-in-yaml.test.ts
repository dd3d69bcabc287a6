/**
 * Problem positions found by reading lines (YAML) or scanning (JSON) must be
 * the ones the YAML parser gives (the parser is the reference; the readers
 * only save its cost), and the fast reading must give the same data as the
 * parser.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPointer } from '../../src/openapi/json-pointer.ts';
import { jsonLocator } from '../../src/openapi/locate-in-json.ts';
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

function compare(text: string, locator = blockYamlLocator): { checked: number; quick: number } {
  const careful = parseCarefully(text);
  if (!careful.ok) throw new Error('the reference parse failed');
  const quickRead = parseSource(text);
  expect(quickRead.ok && quickRead.source.data).toEqual(careful.source.data);
  let quick = 0;
  const pointers = everyPointer(careful.source.data);
  const locate = locator(text);
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

const specData = () => {
  const read = parseSource(readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8'));
  if (!read.ok) throw new Error('spec/openapi.yaml did not parse');
  return read.source.data;
};

describe('locating a pointer by scanning JSON', () => {
  it('agrees with the YAML parser on every node of the spec as indented JSON, and finds all of them', () => {
    const { checked, quick } = compare(JSON.stringify(specData(), null, 2), jsonLocator);
    expect(quick).toBe(checked);
  });

  it('agrees on every node of compact JSON on one line, escapes and odd spacing included', () => {
    const { checked, quick } = compare(JSON.stringify(specData()), jsonLocator);
    expect(quick).toBe(checked);
    const odd =
      '{ "a\\"b" :\t[ 1 ,{"x":"}]\\"" , "y" : null},\r\n [ [ ] ] ] ,"\\u00e9t\\u00e9": {"~/": true}, "e":{ } }';
    const oddResult = compare(odd, jsonLocator);
    expect(oddResult.quick).toBe(oddResult.checked);
    expect(jsonLocator(odd)('/a"b/1/y')).toEqual({ line: 1, column: 31 });
    expect(jsonLocator(odd)('/été/~0~1')).toEqual({ line: 2, column: 31 });
  });

  it('stops where the parser stops: a missing member or item gives the deepest node found', () => {
    const text = '{\n  "info": {\n    "title": "T"\n  },\n  "tags": [\n    {"name": "a"}\n  ]\n}\n';
    const careful = parseCarefully(text);
    if (!careful.ok) throw new Error('the reference parse failed');
    for (const pointer of ['/info/version', '/tags/3', '/tags/0/name/deeper', '/tags/x', '/nothing', '']) {
      expect({ pointer, at: jsonLocator(text)(pointer) }).toEqual({ pointer, at: careful.source.locate(pointer) });
    }
  });

  it('gives up (and lets the parser answer) on text that is not JSON where the path goes', () => {
    expect(jsonLocator('{ "a": {b: 1} }')('/a/b')).toBeUndefined();
    expect(jsonLocator('{ "a": [1 2] }')('/a/1')).toBeUndefined();
  });
});

/**
 * src/openapi/parse-source.ts: the limits that keep a hostile file from hanging or crashing the build (alias bombs,
 * absurd nesting, huge files), each refused with a message that says which limit, and keys that could pollute
 * prototypes kept as plain names.
 */
import { describe, expect, it } from 'vitest';
import { defaultParseLimits, parseSource, sizeLimitFromEnv } from '../../src/openapi/parse-source.ts';
import { minimalSpec, modelOf, onlyError, problemsOf } from './support/check.ts';

/** Nine aliases per level, eleven levels: 9^11 nodes if expanded. */
function aliasBomb(): string {
  let text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  const names = 'abcdefghijkl';
  for (let i = 1; i < names.length; i++) {
    const prev = `*${names[i - 1]}`;
    text += `${names[i]}: &${names[i]} [${Array(9).fill(prev).join(',')}]\n`;
  }
  return `${minimalSpec}x-bomb:\n${text.replace(/^/gm, '  ')}`;
}

describe('limits on what is parsed', () => {
  it('refuses a YAML alias bomb', async () => {
    const error = onlyError(await problemsOf(aliasBomb()));
    expect(error.message).toContain('Excessive alias count');
    expect(error.hint).toMatch(/Aliases/);
  });

  it('refuses block nesting just over the limit, saying how deep is allowed', async () => {
    const depth = defaultParseLimits.maxDepth + 1;
    const nested = Array.from({ length: depth }, (_, i) => `${'  '.repeat(i + 1)}k:`).join('\n');
    const error = onlyError(await problemsOf(`${minimalSpec}x-deep:\n${nested} end\n`));
    // Depending on the stack, the parser or our own depth check stops it; both say why.
    expect(error.message).toMatch(
      /^The file nests maps and lists (more than 1000 levels deep|too deeply for the YAML reader to follow)\.$/,
    );
  });

  it('measures depth itself, whatever the parser copes with', () => {
    const nested = Array.from({ length: 11 }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
    const result = parseSource(`${nested} end\n`, { ...defaultParseLimits, maxDepth: 10 });
    expect(result.ok ? [] : result.problems.map((p) => [p.message, p.position])).toEqual([
      ['The file nests maps and lists more than 10 levels deep.', { line: 11, column: 11 }],
    ]);
  });

  it('accepts nesting at the limit', async () => {
    const depth = defaultParseLimits.maxDepth - 2;
    const nested = Array.from({ length: depth }, (_, i) => `${' '.repeat(i + 1)}k:`).join('\n');
    const model = await modelOf(`${minimalSpec}x-deep:\n${nested} end\n`);
    expect(model.operations).toHaveLength(1);
  });

  it('refuses flow nesting 100,000 deep without overflowing the stack', async () => {
    const text = `${minimalSpec}x-deep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`;
    const problems = await problemsOf(text);
    expect(onlyError(problems).message).toBe('The file nests maps and lists too deeply for the YAML reader to follow.');
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const padding = `x-padding: "${'x'.repeat(defaultParseLimits.maxBytes)}"\n`;
    const error = onlyError(await problemsOf(`${minimalSpec}${padding}`));
    expect(error.message).toMatch(/^The file is 32\.0 MB, over the limit of 32\.0 MB\.$/);
    expect(error.hint).toBe(
      'Split the description, or raise the limit if this size is expected (PETSTORE_MAX_SPEC_MB=48).',
    );
  });

  it('takes a larger size limit from PETSTORE_MAX_SPEC_MB, and refuses one that is no size', () => {
    expect(sizeLimitFromEnv({})).toBeUndefined();
    expect(sizeLimitFromEnv({ PETSTORE_MAX_SPEC_MB: '64' })).toBe(64 * 1024 * 1024);
    expect(() => sizeLimitFromEnv({ PETSTORE_MAX_SPEC_MB: 'lots' })).toThrow(
      'PETSTORE_MAX_SPEC_MB must be a size in MB, such as 64; it is "lots".',
    );
  });
});

describe('keys named like Object.prototype members', () => {
  it('keeps __proto__, constructor and prototype as plain names', async () => {
    const text = `${minimalSpec}          content:
            application/json:
              schema:
                $ref: '#/components/schemas/__proto__'
components:
  schemas:
    __proto__:
      type: object
      properties:
        constructor: { type: string }
        prototype: { type: string }
        polluted: { type: string, example: yes }
    constructor:
      type: string
`;
    const model = await modelOf(text);
    expect(model.schemas.map((s) => s.name)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(model.schemas[0]?.schema.properties ?? {})).toEqual(['constructor', 'prototype', 'polluted']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf((model.source.components as Record<string, unknown>).schemas)).toBe(Object.prototype);
  });
});

describe('values', () => {
  // Values are copied out of the file's text after parsing (so the text can be freed); the copy must be exact.
  it('keeps every value exactly, long and short, lone surrogates and astral characters included', () => {
    const yaml = [
      'short: "abc"',
      'long: "Écrit en français — avec des accents, long enough to be copied"',
      'lone: "\\uD83D starts a pair it never finishes, in a long value"',
      'astral: "🐕 a dog, outside the basic plane, in a long value"',
      'list: ["a value inside a list, long enough", 12]',
    ].join('\n');
    const result = parseSource(yaml);
    expect(result.ok && result.source.data).toEqual({
      short: 'abc',
      long: 'Écrit en français — avec des accents, long enough to be copied',
      lone: '\uD83D starts a pair it never finishes, in a long value',
      astral: '🐕 a dog, outside the basic plane, in a long value',
      list: ['a value inside a list, long enough', 12],
    });
  });
});

/**
 * One reading of "is this operation deprecated?" (src/openapi/deprecation.ts) and of "which operations are there?"
 * (src/openapi/operation-walk.ts), shared by the operation's page (the model), the changelog and the gate. They
 * disagreed: the page counted `x-scalar-stability: deprecated`, the changelog and the gate only `deprecated: true`,
 * and the changelog missed additional operations, path items kept in components and callbacks.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiChanges } from '../../src/changes/api-changes.ts';
import { buildChangelog, type ChangelogEntry, type ReleasedDescription } from '../../src/changes/changelog.ts';
import { judgeBreakingChanges } from '../../src/changes/gate.ts';
import { readDescription } from '../../src/changes/releases.ts';
import { isDeprecated, parseCalendarDay, readDeprecation, walkOperations } from '../../src/openapi/index.ts';
import { at, baseDescription, changed } from './changes/fixtures.ts';
import { modelOf } from './support/check.ts';

type Json = Record<string, unknown>;

/** GET /pets marked deprecated only by its stability extension, with a sunset. */
const stabilityDeprecated = (d: Json) =>
  Object.assign(at(d, 'paths', '/pets', 'get'), { 'x-scalar-stability': 'deprecated', 'x-sunset': '2026-06-30' });

const lines = (entry: ChangelogEntry | undefined) =>
  (entry?.changes ?? [])
    .filter((c) => c.class !== 'annotation')
    .map(
      (c) =>
        `${c.class}: ${c.operation?.method} ${c.operation?.path}: ${c.summary}${c.sunset ? ` (sunset ${c.sunset})` : ''}`,
    );

const release = (version: string, document: Json): ReleasedDescription => ({ version, released: true, document });

describe('an operation deprecated only by `x-scalar-stability: deprecated`', () => {
  it('is deprecated on its page, in the changelog and for the gate', async () => {
    // The page: the model.
    const model = await modelOf(JSON.stringify(changed(stabilityDeprecated)));
    const listPets = model.operations.find((o) => o.operationId === 'listPets');
    expect(listPets?.deprecation).toEqual({ sunset: '2026-06-30' });
    expect(listPets?.badge).toEqual({ kind: 'deprecated', sunset: '2026-06-30' });

    // The changelog: the release that marks it, and a first release that has it.
    const changelog = buildChangelog([
      release('1.0.0', baseDescription()),
      release('1.1.0', changed(stabilityDeprecated, '1.1.0')),
    ]);
    expect(lines(changelog?.entries[0])).toEqual(['deprecated: GET /pets: Deprecated (sunset 2026-06-30)']);
    const first = buildChangelog([release('1.0.0', changed(stabilityDeprecated))]);
    expect(lines(first?.entries[0])).toEqual([
      'deprecated: GET /pets: Deprecated (sunset 2026-06-30)',
      'deprecated: DELETE /pets/{petId}: Deprecated (sunset 2026-06-30)',
    ]);

    // The gate: removing it after its sunset needs no major version.
    const before = changed(stabilityDeprecated);
    const after = changed((d) => {
      stabilityDeprecated(d);
      delete at(d, 'paths', '/pets').get;
    }, '1.1.0');
    const verdict = judgeBreakingChanges({
      changes: apiChanges(before, after),
      before,
      baseVersion: '1.0.0',
      headVersion: '1.1.0',
      today: '2026-11-24',
    });
    expect(verdict.refused).toEqual([]);
    expect(verdict.allowed.map((a) => a.because)).toEqual(['deprecated, with its sunset on 2026-06-30 passed']);
  });
});

describe('the deprecation reader', () => {
  it('reads `deprecated: true` and every stability extension that says deprecated', () => {
    expect(isDeprecated({ deprecated: true })).toBe(true);
    expect(isDeprecated({ 'x-stability': 'Deprecated' })).toBe(true);
    expect(isDeprecated({ 'x-badges': [{ name: 'deprecated' }] })).toBe(true);
    expect(isDeprecated({ deprecated: false, 'x-scalar-stability': 'beta' })).toBe(false);
    expect(isDeprecated({})).toBe(false);
  });

  it('gives the since, sunset and successor of a deprecated operation, and none of a live one', () => {
    const operation = {
      'x-scalar-stability': 'deprecated',
      'x-deprecated-since': '2026-01-01',
      'x-sunset': '2027-06-30T00:00:00Z',
      'x-successor': 'listPetsV2',
    };
    expect(readDeprecation(operation, '/paths/~1pets/get')).toEqual({
      value: { since: '2026-01-01', sunset: '2027-06-30', successor: 'listPetsV2' },
      problems: [],
    });
    const live = readDeprecation({ 'x-sunset': '2027-06-30', 'x-successor': 'v2' }, '/paths/~1pets/get');
    expect(live.value).toBeUndefined();
    expect(live.problems.map((p) => `${p.severity} ${p.pointer}`)).toEqual([
      'warning /paths/~1pets/get/x-sunset',
      'warning /paths/~1pets/get/x-successor',
    ]);
    expect(readDeprecation({ deprecated: true, 'x-sunset': '2027-02-30' }, '/p').problems[0]?.severity).toBe('error');
  });
});

describe('the calendar-date parser', () => {
  it('reads real days only, and years below 100 as written', () => {
    expect(parseCalendarDay('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(parseCalendarDay('0099-12-31')?.getUTCFullYear()).toBe(99);
    for (const text of ['2027-02-29', '2027-13-01', '2027-6-30', '2027-06-30T00:00:00Z', 'tomorrow']) {
      expect(parseCalendarDay(text), text).toBeUndefined();
    }
    expect(readDeprecation({ deprecated: true, 'x-sunset': '0099-12-31' }, '/p').value).toEqual({
      sunset: '0099-12-31',
    });
  });
});

describe('the walk over operations', () => {
  const events = readDescription(path.resolve(import.meta.dirname, '../fixtures/events-3.2/openapi.yaml')).data as Json;

  it('is the model’s: additional operations, kept path items and callbacks, where each is written', async () => {
    const model = await modelOf(JSON.stringify(events));
    expect([...walkOperations(events)].map((w) => w.pointer)).toEqual(model.operations.map((o) => o.pointer));
  });

  it('gives the changelog every operation a release deprecates, wherever it is written', () => {
    const deprecatedEverywhere = structuredClone(events);
    const info = deprecatedEverywhere.info as Json;
    info.version = '1.1.0';
    const components = deprecatedEverywhere.components as Json;
    const oneEvent = (components.pathItems as Json).OneEvent as Json;
    Object.assign((oneEvent.additionalOperations as Json).LINK as Json, { deprecated: true });
    Object.assign(oneEvent.get as Json, { 'x-scalar-stability': 'deprecated', 'x-sunset': '2027-06-30' });
    const callback = (components.callbacks as Json).EventStored as Json;
    Object.assign((callback['{$request.header.X-Notify-Url}'] as Json).post as Json, { deprecated: true });

    const changelog = buildChangelog([release('1.0.0', events), release('1.1.0', deprecatedEverywhere)]);
    expect(lines(changelog?.entries[0]).filter((line) => line.startsWith('deprecated'))).toEqual([
      'deprecated: POST {$request.header.X-Notify-Url}: Deprecated',
      'deprecated: GET /events/{eventId}: Deprecated (sunset 2027-06-30)',
      'deprecated: LINK /events/{eventId}: Deprecated',
    ]);
    // Each is in the history under the pointer its page has.
    expect(changelog?.operations.get('/components/pathItems/OneEvent/additionalOperations/LINK')).toEqual({
      addedIn: '1.0.0',
      changedIn: '1.1.0',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { maxSlugLength, slugify, uniqueSlugs } from '../../src/openapi/slug.ts';

describe('slugs', () => {
  it.each([
    ['getPetDetails', 'get-pet-details'],
    ['Pet records', 'pet-records'],
    ['HTTPServer', 'http-server'],
    ['Public APIs Introduction', 'public-apis-introduction'],
    ['listAPIs', 'list-apis'],
    ['Crème brûlée', 'creme-brulee'],
    ['  --weird__name!! ', 'weird-name'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('gives names in other scripts a stable, distinct slug', () => {
    expect(slugify('ペット')).toBe(slugify('ペット'));
    expect(slugify('ペット')).not.toBe(slugify('注文'));
    expect(slugify('ペット')).toMatch(/^x[a-z0-9]+$/);
  });

  it('cuts a long name at a word boundary and adds a hash of the whole name, so it stays a file name', () => {
    // A 303-character operationId made its page's file name too long to write (ENAMETOOLONG).
    const long = `${'ListAllThePetsThatAreAvailable'.repeat(10)}Xyz`;
    const slug = slugify(long);
    expect(slug).toBe(
      'list-all-the-pets-that-are-available-list-all-the-pets-that-are-available-list-all-the-pets-obnq68',
    );
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    // Stable, and distinct from a name that differs only past the cut.
    expect(slugify(long)).toBe(slug);
    expect(slugify(`${long.slice(0, -3)}abc`)).not.toBe(slug);
    // A name that fits is left whole.
    expect(slugify('a'.repeat(maxSlugLength))).toBe('a'.repeat(maxSlugLength));
    // One endless word is cut where the room ends.
    const word = slugify('a'.repeat(300));
    expect(word.length).toBe(maxSlugLength);
    expect(word).toMatch(/^a+-[a-z0-9]+$/);
  });

  it('never hands out the same slug twice', () => {
    const next = uniqueSlugs();
    expect([next('getPet'), next('get-pet'), next('GetPet')]).toEqual(['get-pet', 'get-pet-2', 'get-pet-3']);
  });
});

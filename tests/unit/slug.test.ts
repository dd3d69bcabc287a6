import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlugs } from '../../src/openapi/slug.ts';

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

  it('never hands out the same slug twice', () => {
    const next = uniqueSlugs();
    expect([next('getPet'), next('get-pet'), next('GetPet')]).toEqual(['get-pet', 'get-pet-2', 'get-pet-3']);
  });
});

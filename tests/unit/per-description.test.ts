/**
 * What pages derive from the description is made once per version of it (src/data/per-description.ts): the same
 * value until `astro dev` takes in a saved version, then made again, once.
 */
import { describe, expect, it } from 'vitest';
import { descriptionVersion, nextDescriptionVersion, perDescription } from '../../src/data/per-description.ts';

describe('a value per version of the description', () => {
  it('is made once, and again once after the dev server takes in a save', () => {
    let made = 0;
    const value = perDescription(() => ({ made: ++made }));
    const first = value();
    expect(value()).toBe(first);
    const before = descriptionVersion();
    nextDescriptionVersion();
    expect(descriptionVersion()).toBe(before + 1);
    const second = value();
    expect(second).not.toBe(first);
    expect(value()).toBe(second);
    expect(made).toBe(2);
  });
});

/** The memo behind build-time rendering: repeated texts are rendered once, one-off ones are let go. */
import { describe, expect, it } from 'vitest';
import { RecentCache } from '../../src/render/recent-cache.ts';

describe('RecentCache', () => {
  it('renders a recurring text once and forgets the least recently used beyond its limit', () => {
    const cache = new RecentCache<string>(2);
    let renders = 0;
    const render = (text: string) =>
      cache.get(text, () => {
        renders++;
        return text.toUpperCase();
      });
    expect(render('error body')).toBe('ERROR BODY');
    render('sample 1');
    expect(render('error body')).toBe('ERROR BODY'); // still remembered, and now the most recent
    render('sample 2'); // pushes out "sample 1", the least recently used
    expect(renders).toBe(3);
    render('error body');
    expect(renders).toBe(3);
    render('sample 1');
    expect(renders).toBe(4);
  });
});

/** The build's log: Astro's line per page becomes a count (src/build/build-log.awk), everything else stays. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const filter = path.resolve(import.meta.dirname, '../../src/build/build-log.awk');
const through = (input: string, tty: boolean) =>
  spawnSync('awk', ['-v', `tty=${tty ? 1 : 0}`, '-f', filter], { input, encoding: 'utf8' });

// As Astro writes it: one route a line, several glued onto one line, and orphan timings.
const routes = Array.from({ length: 2_500 }, (_, i) => `14:09:14   ├─ /reference/op-${i}/index.html (+12ms) `);
const log = [
  '14:09:04 [build] output: "static"',
  ' generating static routes ',
  `${routes.slice(0, 3).join('')}`,
  ...routes.slice(3, 2_499),
  ' (+224ms) ',
  ' (+2.27s) ',
  '14:09:14   └─ /reference/last/index.html (+9ms) ',
  '14:17:04 ✓ Completed in 12.24s.',
  '14:17:05 [WARN] [petstore:api-reference] Something the docs team must read.',
].join('\n');

describe('the build log', () => {
  it('counts pages instead of listing them, a line every 1,000 where nothing redraws a line', () => {
    const { status, stdout } = through(log, false);
    expect(status).toBe(0);
    expect(stdout).not.toMatch(/├─|└─|\(\+\d/);
    expect(stdout.split('\n')).toEqual([
      '14:09:04 [build] output: "static"',
      '  1000 pages written',
      '  2000 pages written',
      '14:17:04 ✓ Completed in 12.24s.',
      '14:17:05 [WARN] [petstore:api-reference] Something the docs team must read.',
      '  2500 pages written in all.',
      '',
    ]);
  });

  it('on a terminal, redraws one line as it counts, and ends it before the next message', () => {
    const { stdout } = through(log, true);
    expect(stdout).toContain('\r  2499 pages written');
    expect(stdout).toContain('\r  2500 pages written\n14:17:04 ✓ Completed in 12.24s.');
    expect(stdout.endsWith('  2500 pages written in all.\n')).toBe(true);
  });
});

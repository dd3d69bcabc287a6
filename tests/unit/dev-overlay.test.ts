/**
 * The report `astro dev` shows in the browser's error overlay (src/integration/spec-watcher.ts). The overlay writes
 * a message as HTML and turns words that start with https:// into links, and a report quotes the description.
 */
import { describe, expect, it } from 'vitest';
import { overlayPayload } from '../../src/integration/spec-watcher.ts';

describe('the error overlay payload', () => {
  it('carries the report as inert text, whatever the description says', () => {
    const report = 'openapi.yaml:3:1  error\n  <img src=x onerror=alert(1)> https://x"onclick="alert(2) & \'more\'';
    const { message } = overlayPayload(report).err;
    const shown = message.replace(/<style>[^<]*<\/style>$/, '');
    expect(shown).not.toMatch(/[<>"']/);
    expect(shown).toContain('openapi.yaml:3:1  error\n  &#x3C;img src=x onerror=alert(1)&#x3E;');
  });

  it('hides the Stack Trace box, which a report leaves empty', () => {
    expect(overlayPayload('a problem').err.message).toMatch(/<style>#stack\{display:none\}<\/style>$/);
  });
});

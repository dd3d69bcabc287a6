/**
 * The docs team's icon is published in the site's origin, so only plain drawing passes: each way a script or an
 * outside reference gets into an SVG is refused at its line, and the portal's own icons pass.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { svgProblems } from '../../src/publishing/svg-check.ts';

const svg = (inner: string, attrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 32 32"${attrs}>\n${inner}\n</svg>\n`;
const first = (text: string) => {
  const [problem] = svgProblems(text);
  return problem ? `${problem.line}: ${problem.message}` : 'accepted';
};

describe('the site icon check', () => {
  it('accepts the portal’s own icons and plain drawing', () => {
    expect(svgProblems(readFileSync('spec/favicon.svg', 'utf8'))).toEqual([]);
    expect(svgProblems(readFileSync('public/favicon.svg', 'utf8'))).toEqual([]);
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>\n<style><![CDATA[.a{fill:url(#g)}]]></style>\n<rect class="a" width="32" height="32" fill="url(#g)"/><use xlink:href="#g"/><image href="data:image/png;base64,AAAA"/>',
    );
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    expect(first(drawing.replace('?>\n', `?>\n${doctype}\n<!-- drawn by hand -->\n`))).toBe('accepted');
  });

  it.each([
    [
      'a script',
      svg('<g/>\n<script>alert(1)</script>'),
      /^4: <script> is not allowed in the site's icon: a script would run/,
    ],
    ['an event handler', svg('<rect onload="alert(1)"/>'), /^3: <rect onload> is an event handler/],
    ['an event handler on the root', svg('', ' onLoad="x()"'), /^2: <svg onLoad> is an event handler/],
    [
      'a javascript: URL written with references',
      svg('<use href="jav&#x61;script:alert(1)"/>'),
      /^3: <use href> holds a javascript: URL/,
    ],
    ['foreignObject', svg('<foreignObject><div/></foreignObject>'), /^3: <foreignObject> is not allowed .*HTML/],
    [
      'an HTML script under a prefix',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">x</h:script>'),
      /^3: <h:script> is not an SVG element/,
    ],
    [
      'an outside link',
      svg('<image xlink:href="https://tracker.example/p.png"/>'),
      /^3: <image xlink:href> refers to "https:\/\/tracker\.example\/p\.png"/,
    ],
    [
      'an SVG picture (which may hold script)',
      svg('<image href="data:image/svg+xml,&lt;svg/&gt;"/>'),
      /^3: <image href> refers to/,
    ],
    [
      'an outside url() in an attribute',
      svg('<rect fill="url(https://x.example/a#b)"/>'),
      /^3: <rect fill> has url\(https:\/\/x\.example\/a#b\)/,
    ],
    [
      'an outside url() in a stylesheet',
      svg('<style>\n.a { background: url("//x.example/a") }\n</style>'),
      /^3: <style> has url\(\/\/x\.example\/a\)/,
    ],
    [
      'an @import',
      svg('<style>@import "https://x.example/a.css";</style>'),
      /^3: <style> loads CSS or fonts from elsewhere/,
    ],
    ['a CSS escape', svg('<rect style="fill: u\\72l(https://x.example)"/>'), /^3: <rect style> has an escape/],
    [
      'a stylesheet instruction',
      `<?xml-stylesheet href="https://x.example/a.css"?>\n${svg('')}`,
      /^1: a processing instruction/,
    ],
    [
      'entities of its own',
      `<!DOCTYPE svg [<!ENTITY x "&#60;script>">]>\n${svg('&x;')}`,
      /^1: the DOCTYPE declares entities of its own/,
    ],
    [
      'an animation that rewrites a link',
      svg('<set attributeName="href" to="javascript:alert(1)"/>'),
      /^3: <set> is not allowed/,
    ],
    [
      'a repeated attribute',
      svg('<image href="#a" href="https://x.example"/>'),
      /^3: <image> has the attribute href twice/,
    ],
  ])('refuses %s at its line', (_, text, message) => {
    expect(first(text)).toMatch(message);
  });

  it.each([
    ['an element left open', svg('<g>'), /^3: <g> is not closed|^4: <\/svg> closes <g> \(line 3\)/],
    ['a stray <', svg('<rect width="1" < />'), /^3: a tag is not well-formed/],
    ['an unquoted attribute', svg('<rect width=1/>'), /^3: a tag is not well-formed/],
    [
      'HTML’s named entities',
      svg('<title>a&nbsp;b</title>'),
      /^3: "&nbsp;b<\/title…?" is not a character reference|^3: "&nbsp;/,
    ],
    ['another root', `${svg('')}<svg xmlns="http://www.w3.org/2000/svg"/>`, /^5: there is more than one root element/],
    ['no svg at all', '<html><script>1</script></html>', /^1: <html> is not allowed/],
    ['a missing namespace', '<svg viewBox="0 0 1 1"></svg>', /^1: <svg> has no xmlns/],
  ])('refuses an SVG that is not well-formed: %s', (_, text, message) => {
    expect(first(text)).toMatch(message);
  });
});

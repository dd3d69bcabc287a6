/**
 * The site publishes the docs team's own icon (favicon.svg beside the description) at `/favicon.svg`, in the site's
 * origin, where a host that ignores `_headers` serves it with no Content-Security-Policy: a script in it would run
 * as the site and could read a reader's remembered key. So an icon is published only when it is plain drawing: a
 * well-formed SVG document made of drawing elements, with no script, no event handler, no `javascript:` URL, no
 * `<foreignObject>` and no reference to anything outside itself (a link or `url()` to other than `#fragment` or a
 * `data:image/…` picture). Anything else is refused with its line; the team exports a plain SVG instead.
 *
 * The check reads the file as a browser opening `/favicon.svg` does, as XML (a small strict tokenizer, not an HTML
 * parser, whose reading of the same bytes differs), so what it allows is what a browser draws.
 */

/** One reason an icon is refused, at its line. */
export interface SvgProblem {
  line: number;
  message: string;
}

const svgNamespace = 'http://www.w3.org/2000/svg';

/** Drawing elements, by local name (XML names are case-sensitive; so is this list). */
const drawing = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'image',
  'style',
  'filter',
  ...[
    'Blend',
    'ColorMatrix',
    'ComponentTransfer',
    'Composite',
    'ConvolveMatrix',
    'DiffuseLighting',
    'DisplacementMap',
    'DistantLight',
    'DropShadow',
    'Flood',
    'FuncA',
    'FuncB',
    'FuncG',
    'FuncR',
    'GaussianBlur',
    'Image',
    'Merge',
    'MergeNode',
    'Morphology',
    'Offset',
    'PointLight',
    'SpecularLighting',
    'SpotLight',
    'Tile',
    'Turbulence',
  ].map((name) => `fe${name}`),
]);

/** Why some elements people do find in icons are refused, in words. */
const refusedElement: Record<string, string> = {
  script: 'a script would run in the site’s origin',
  foreignObject: 'it embeds HTML, which may run scripts',
  a: 'an icon holds no links',
  iframe: 'an icon embeds no pages',
  set: 'animation can rewrite links into scripts',
  animate: 'animation can rewrite links into scripts',
};

/** Namespaces of editors' own data in an SVG (Inkscape, its sodipodi, RDF metadata), which browsers leave alone. */
const editorNamespaces = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://purl.org/dc/elements/1.1/',
]);

/** Which namespace each prefix stands for at an element. */
type Prefixes = ReadonlyMap<string, string>;

/** The prefixes at an element: its parent's, with the element's own `xmlns:p` declarations over them. */
function inScope(parent: Prefixes | undefined, attributes: string): Prefixes {
  const prefixes = new Map(parent ?? []);
  for (const match of attributes.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    prefixes.set(match[1] ?? '', match[2] ?? match[3] ?? '');
  }
  return prefixes;
}

/** A `data:` URL of a picture that cannot hold a script. */
const pictureData = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/i;

/** What a link or `url()` may point at: a part of the icon itself, or a picture inside it. */
function localReference(url: string): boolean {
  const value = url.trim();
  return value.startsWith('#') || pictureData.test(value);
}

/** Every problem that keeps `text` (an SVG file's content) from being published as the site's icon. */
export function svgProblems(text: string): SvgProblem[] {
  return new SvgReader(text).read();
}

const nameChar = String.raw`[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?`;
const startTag = new RegExp(String.raw`<(${nameChar})((?:\s+${nameChar}\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(/?)>`, 'y');
const endTag = new RegExp(String.raw`</(${nameChar})\s*>`, 'y');
const attribute = new RegExp(String.raw`(${nameChar})\s*=\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const reference = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/y;

class SvgReader {
  readonly #text: string;
  readonly #problems: SvgProblem[] = [];
  readonly #lineStarts: number[] = [0];
  #at = 0;

  constructor(text: string) {
    this.#text = text;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#lineStarts.push(i + 1);
  }

  read(): SvgProblem[] {
    const text = this.#text;
    if (text.startsWith('\uFEFF')) this.#at = 1;
    const declaration = /<\?xml\s[^<>]*?\?>/y;
    declaration.lastIndex = this.#at;
    if (declaration.test(text)) this.#at = declaration.lastIndex;
    const open: { name: string; at: number; prefixes: Prefixes }[] = [];
    let roots = 0;
    let style: string[] | undefined;
    while (this.#at < text.length && this.#problems.length === 0) {
      const at = this.#at;
      const next = text.indexOf('<', at);
      const end = next === -1 ? text.length : next;
      if (end > at) {
        const chars = this.#characters(at, end);
        if (chars === undefined) break;
        if (open.length === 0 && chars.trim() !== '') this.#problem(at, 'there is text outside the <svg> element.');
        style?.push(chars);
        this.#at = end;
        continue;
      }
      if (text.startsWith('<!--', at)) {
        const close = text.indexOf('-->', at + 4);
        if (close === -1) this.#problem(at, 'a comment is not closed (-->).');
        this.#at = close + 3;
      } else if (text.startsWith('<![CDATA[', at)) {
        const close = text.indexOf(']]>', at);
        if (close === -1 || open.length === 0) this.#problem(at, 'a CDATA section is not closed or is outside <svg>.');
        style?.push(text.slice(at + 9, close));
        this.#at = close + 3;
      } else if (/^<!DOCTYPE\b/i.test(text.slice(at, at + 9))) {
        const close = text.indexOf('>', at);
        if (close === -1 || roots > 0 || open.length > 0) this.#problem(at, 'the DOCTYPE is out of place.');
        else if (text.slice(at, close).includes('['))
          this.#problem(at, 'the DOCTYPE declares entities of its own (an internal subset), which may hold markup.');
        this.#at = close + 1;
      } else if (text.startsWith('<?', at)) {
        this.#problem(at, 'a processing instruction (<?…?>) may load a stylesheet from elsewhere; remove it.');
      } else if (text.startsWith('</', at)) {
        endTag.lastIndex = at;
        const match = endTag.exec(text);
        const top = open.pop();
        if (!match) this.#problem(at, 'an end tag is not well-formed.');
        else if (top === undefined || match[1] !== top.name)
          this.#problem(at, `</${match[1]}> closes ${top ? `<${top.name}> (line ${this.#line(top.at)})` : 'nothing'}.`);
        else {
          if (localName(top.name) === 'style' && style) this.#checkCss(style.join(''), top.at, '<style>');
          if (localName(top.name) === 'style') style = undefined;
          this.#at = endTag.lastIndex;
        }
      } else {
        startTag.lastIndex = at;
        const match = startTag.exec(text);
        if (!match) {
          this.#problem(at, 'a tag is not well-formed (unquoted or repeated attribute, stray "<"?).');
          break;
        }
        const [, name = '', attributes = '', selfClosing] = match;
        if (open.length === 0 && ++roots > 1) this.#problem(at, 'there is more than one root element.');
        const prefixes = inScope(open.at(-1)?.prefixes, attributes);
        this.#element(name, attributes, at, open.length === 0, prefixes);
        if (!selfClosing) {
          open.push({ name, at, prefixes });
          if (localName(name) === 'style') style = [];
        }
        this.#at = startTag.lastIndex;
      }
    }
    if (this.#problems.length === 0) {
      const unclosed = open.at(-1);
      if (unclosed) this.#problem(unclosed.at, `<${unclosed.name}> is not closed.`);
      else if (roots === 0) this.#problem(0, 'there is no <svg> element.');
    }
    return this.#problems;
  }

  #element(name: string, attributes: string, at: number, root: boolean, prefixes: Prefixes): void {
    const [prefix, local = name] = name.includes(':') ? name.split(':') : [undefined, name];
    const namespace = prefix === undefined ? undefined : prefixes.get(prefix);
    // An editor's own data (Inkscape's sodipodi:namedview) is inert: browsers draw and run nothing of it. Its
    // attributes are still checked below.
    const editorData = namespace !== undefined && editorNamespaces.has(namespace);
    if (prefix !== undefined && !editorData && namespace !== svgNamespace) {
      this.#problem(at, `<${name}> is not an SVG element; export a plain SVG.`);
      return;
    }
    if (!editorData && !drawing.has(local)) {
      const why = refusedElement[local] ?? 'it is not an SVG drawing element';
      this.#problem(at, `<${name}> is not allowed in the site's icon: ${why}.`);
      return;
    }
    if (root && local !== 'svg') this.#problem(at, `the root element is <${name}>, not <svg>.`);
    const seen = new Set<string>();
    for (const match of attributes.matchAll(attribute)) {
      const [, attr = '', double, single] = match;
      const raw = double ?? single ?? '';
      if (seen.has(attr)) this.#problem(at, `<${name}> has the attribute ${attr} twice.`);
      seen.add(attr);
      const value = this.#decode(raw, at);
      if (value === undefined) return;
      this.#attribute(name, attr, value, at);
    }
    if (root && !seen.has('xmlns')) this.#problem(at, `<svg> has no xmlns="${svgNamespace}".`);
  }

  #attribute(element: string, name: string, value: string, at: number): void {
    const local = (name.split(':').at(-1) ?? name).toLowerCase();
    const where = `<${element} ${name}>`;
    // As a browser reads a URL: spaces and control characters inside the scheme do not count.
    const squashed = [...value]
      .filter((c) => c > ' ')
      .join('')
      .toLowerCase();
    if (local.startsWith('on'))
      this.#problem(at, `${where} is an event handler; a script would run in the site's origin.`);
    else if (/(?:java|vb)script:/.test(squashed)) this.#problem(at, `${where} holds a javascript: URL.`);
    else if (name === 'xmlns' && value !== svgNamespace)
      this.#problem(at, `${where} is not the SVG namespace (${svgNamespace}).`);
    else if (name.startsWith('xmlns:') && value === 'http://www.w3.org/1999/xhtml')
      this.#problem(at, `${where} declares HTML, whose elements may run scripts.`);
    else if (name === 'xml:base') this.#problem(at, `${where} points the icon's links elsewhere.`);
    else if ((local === 'href' || local === 'src') && !localReference(value))
      this.#problem(
        at,
        `${where} refers to "${clip(value)}"; an icon refers only to its own parts (#id) or data:image/ pictures.`,
      );
    else if (local === 'style' || value.includes('url(') || squashed.includes('url(')) this.#checkCss(value, at, where);
  }

  /** CSS in a style attribute, a `<style>` element or a presentation attribute (`fill="url(#g)"`). */
  #checkCss(css: string, at: number, where: string): void {
    if (css.includes('\\')) this.#problem(at, `${where} has an escape (\\) in its CSS, which may hide a URL.`);
    else if (/@import|@font-face/i.test(css)) this.#problem(at, `${where} loads CSS or fonts from elsewhere.`);
    else if (/(?:image-set|image|cross-fade|element|src)\s*\(/i.test(css.replace(/url\s*\(/gi, '')))
      this.#problem(at, `${where} has a CSS image function, which may load from elsewhere.`);
    else {
      for (const match of css.matchAll(/url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi)) {
        const target = match[1] ?? match[2] ?? match[3] ?? '';
        if (!localReference(target)) {
          this.#problem(
            at,
            `${where} has url(${clip(target)}); an icon refers only to its own parts (#id) or data:image/ pictures.`,
          );
          return;
        }
      }
    }
  }

  /** Character data from `from` to `to` with its references decoded; undefined after reporting a bad one. */
  #characters(from: number, to: number): string | undefined {
    const text = this.#text.slice(from, to);
    if (text.includes(']]>')) {
      this.#problem(from, '"]]>" appears outside a CDATA section.');
      return undefined;
    }
    return this.#decode(text, from);
  }

  /** Text with XML's references decoded (numeric and the five predefined); undefined after reporting any other. */
  #decode(text: string, at: number): string | undefined {
    let out = '';
    for (let i = 0; i < text.length; ) {
      const amp = text.indexOf('&', i);
      if (amp === -1) {
        out += text.slice(i);
        break;
      }
      out += text.slice(i, amp);
      reference.lastIndex = 0;
      const match = reference.exec(text.slice(amp));
      if (!match) {
        this.#problem(
          at + amp,
          `"${clip(text.slice(amp, amp + 12))}" is not a character reference XML knows (&amp;, &lt;, &#…;).`,
        );
        return undefined;
      }
      const [whole, decimal, hex, named] = match;
      if (named) out += { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[named];
      else {
        const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
        out += code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
      }
      i = amp + whole.length;
    }
    return out;
  }

  #line(offset: number): number {
    let low = 0;
    let high = this.#lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.#lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  #problem(offset: number, message: string): void {
    this.#problems.push({ line: this.#line(offset), message });
    // Stop reading: past the first problem the rest of the file may be read out of step.
    this.#at = this.#text.length;
  }
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

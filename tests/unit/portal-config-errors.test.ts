/**
 * A portal.json that is not valid stops with one line per problem at its place (`spec/portal.json:LINE: …`), never
 * a stack trace or the content of a file it links to: not JSON, an unknown key, a wrong type, a rule between fields,
 * a colour that is none or that links cannot be read in, a logo that is not there; in `npm run spec:check` and
 * `npm run build` alike, which exit 1.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpPath } from '../../src/mcp/http.ts';
import { healthPath } from '../../src/sandbox/health.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { reservedApiIds } from '../../src/site/site-config.ts';
import { buildSite, root, run } from './support/programs.ts';

let dir: string;
let spec: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-'));
  mkdirSync(path.join(dir, 'spec'));
  spec = path.join(dir, 'spec', 'openapi.yaml');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What loading the config with `text` as portal.json says, its file shown as `portal.json`. */
function problemsOf(text: string): string {
  writeFileSync(path.join(dir, 'spec', 'portal.json'), text);
  try {
    loadPortalConfig(spec, {});
    return 'valid';
  } catch (error) {
    return error instanceof Error ? error.message.replaceAll(`${path.join(dir, 'spec')}/`, '') : String(error);
  }
}

describe('an invalid portal.json', () => {
  it.each([
    [
      'a trailing comma',
      '{\n  "cname": true,\n}\n',
      'portal.json:3: not valid JSON: Expected double-quoted property name.',
    ],
    [
      'a word that is no value',
      '{\n  "cname":\n    nope\n}\n',
      /^portal\.json:3: not valid JSON: Unexpected token 'o'\.$/,
    ],
    [
      'an unknown key',
      '{\n  "cname": true,\n  "canonicalDomian": "docs.example.org"\n}\n',
      'portal.json:3: canonicalDomian: unknown key; did you mean "canonicalDomain"?',
    ],
    [
      'a wrong type',
      '{\n  "docsTeamGuides": true,\n  "cname": "yes"\n}\n',
      /^portal\.json:3: cname: Invalid input: expected boolean/,
    ],
    [
      'a nested wrong type',
      '{\n  "canonicalDomain": "docs.example.org",\n  "redirects": [\n    { "from": "Example.org" }\n  ]\n}\n',
      /^portal\.json:4: redirects\.0\.from: must be a lower-case domain/,
    ],
    [
      'a rule between fields',
      '{\n  "redirects": [{ "from": "example.org" }]\n}\n',
      /^portal\.json:2: redirects: there is no canonicalDomain/,
    ],
    [
      "an API's id that is no path segment",
      '{\n  "apis": [\n    { "id": "Payments", "spec": "a.yaml" }\n  ]\n}\n',
      'portal.json:3: apis.0.id: must be lower-case letters, digits and hyphens, at most 40 characters',
    ],
    [
      'an id listed twice',
      '{\n  "apis": [\n    { "id": "pay", "spec": "a.yaml" },\n    { "id": "pay", "spec": "b.yaml" }\n  ]\n}\n',
      'portal.json:4: apis.1.id: "pay" is listed twice',
    ],
    [
      "an id that is the sandbox service's own path",
      '{\n  "apis": [\n    { "id": "pay", "spec": "a.yaml" },\n    { "id": "mcp", "spec": "b.yaml" }\n  ]\n}\n',
      'portal.json:4: apis.1.id: "mcp" is the sandbox service\'s own path (/mcp); choose another id',
    ],
    [
      "the sandbox's own path, too",
      '{\n  "apis": [\n    { "id": "sandbox", "spec": "a.yaml" }\n  ]\n}\n',
      'portal.json:3: apis.0.id: "sandbox" is the sandbox service\'s own path (/sandbox); choose another id',
    ],
    [
      'a site-wide publishedMajors beside apis',
      '{\n  "publishedMajors": [1],\n  "apis": [{ "id": "pay", "spec": "a.yaml" }]\n}\n',
      'portal.json:2: publishedMajors: with several APIs, set publishedMajors on each API in "apis"',
    ],
  ])('says where: %s', (_, text, message) => {
    const said = problemsOf(text);
    expect(said).toMatch(message);
    expect(said.split('\n')).toHaveLength(1);
    expect(said).not.toMatch(/\n\s+at /);
  });

  it('is refused when it links out of the description’s folder, without quoting the file it links to', () => {
    writeFileSync(path.join(dir, 'secret'), 'root:x:0:0:root:/root:/bin/bash\n');
    symlinkSync(path.join(dir, 'secret'), path.join(dir, 'spec', 'portal.json'));
    let said = '';
    try {
      loadPortalConfig(spec, {});
    } catch (error) {
      said = String(error instanceof Error ? error.message : error);
    }
    expect(said).toMatch(/portal\.json: it is a symbolic link to a file outside .*spec; it is not read\./);
    expect(said).not.toContain('root:x');
  });
});

describe('npm run spec:check', () => {
  it('checks the files beside the description too: each problem one line at its place, and exit code 1', () => {
    copyFileSync(path.join(root, 'spec', 'openapi.yaml'), spec);
    writeFileSync(path.join(dir, 'spec', 'portal.json'), '{\n  "cname": true,\n  "cname2": 1\n}\n');
    writeFileSync(
      path.join(dir, 'spec', 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect width="1"/>\n  <script>alert(1)</script>\n</svg>\n',
    );
    const { status, output } = run('src/build/spec-check.ts', [spec]);
    expect(status).toBe(1);
    expect(output).toContain(`${path.join(dir, 'spec', 'portal.json')}:3: cname2: unknown key; did you mean "cname"?`);
    expect(output).toContain(`${path.join(dir, 'spec', 'favicon.svg')}:3: <script> is not allowed in the site's icon`);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

describe("portal.json's apis", () => {
  it('are checked by npm run spec:check: a description or releases folder that is not there is one line each', () => {
    mkdirSync(path.join(dir, 'spec', 'pay'));
    copyFileSync(path.join(root, 'spec', 'openapi.yaml'), path.join(dir, 'spec', 'pay', 'openapi.yaml'));
    const portal = path.join(dir, 'spec', 'portal.json');
    writeFileSync(
      portal,
      '{\n  "apis": [\n    { "id": "pay", "spec": "pay/openapi.yaml" },\n' +
        '    { "id": "gone", "spec": "gone.yaml", "releases": "nowhere" }\n  ]\n}\n',
    );
    const { status, output } = run('src/build/spec-check.ts', [portal]);
    expect(status).toBe(1);
    expect(output).toContain(`${portal}:4: apis.1.spec: gone.yaml is not a file beside it`);
    expect(output).toContain(`${portal}:4: apis.1.releases: nowhere is not a folder beside it`);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('may not take an id the sandbox service answers at its root (its MCP server, its health check)', () => {
    for (const rootPath of [mcpPath, healthPath]) {
      const segment = rootPath.split('/')[1] ?? '';
      expect(reservedApiIds, rootPath).toContain(segment);
    }
  });
});

describe('a bad brand in portal.json', () => {
  const tiny =
    'openapi: 3.0.3\ninfo:\n  title: Tiny API\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      responses:\n        "200": { description: OK }\n';
  const cases = [
    [
      'an unknown key',
      '{\n  "title": "Acme",\n  "acentColor": "#0b5fff"\n}\n',
      ':3: acentColor: unknown key; did you mean "accentColor"?',
    ],
    [
      'a colour that is none',
      '{\n  "accentColor": "bleu"\n}\n',
      ':2: accentColor: must be a CSS hex colour such as #0b5fff',
    ],
    [
      'a colour links in it cannot be read in',
      '{\n  "accentColor": "#ffee00"\n}\n',
      ":2: accentColor: #ffee00 has 1.2:1 contrast against the light theme's background (#ffffff); WCAG AA needs 4.5:1 (#7a7200, a darker shade of it, passes)",
    ],
    [
      'a logo that is not there',
      '{\n  "title": "Acme",\n  "logo": "logo.svg"\n}\n',
      ':3: logo: there is no file "logo.svg" beside portal.json.',
    ],
  ] as const;
  /** What a command says, but for spec:check's one line on the description itself (`✔ …`). */
  const said = (output: string) => output.split('\n').filter((line) => line !== '' && !line.startsWith('✔'));

  it.each(cases)('stops npm run spec:check with one line at its place, and exit code 1: %s', (_, text, where) => {
    writeFileSync(spec, tiny);
    writeFileSync(path.join(dir, 'spec', 'portal.json'), text);
    const { status, output } = run('src/build/spec-check.ts', [spec]);
    expect(said(output)).toEqual([`${path.join(dir, 'spec', 'portal.json')}${where}`]);
    expect(status).toBe(1);
  });

  it('stops npm run build with that one line, exit code 1 and nothing built', () => {
    writeFileSync(spec, tiny);
    const [, text, where] = cases[3];
    writeFileSync(path.join(dir, 'spec', 'portal.json'), text);
    const outDir = path.join(dir, 'dist');
    const { status, output } = run(buildSite, ['--outDir', outDir], { PETSTORE_SPEC: spec });
    expect(said(output)).toEqual([`${path.join(dir, 'spec', 'portal.json')}${where}`]);
    expect(status).toBe(1);
    expect(existsSync(outDir)).toBe(false);
  }, 180_000);
});

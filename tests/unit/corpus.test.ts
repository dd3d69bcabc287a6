/**
 * Real descriptions from npm, built as a docs team would build them: GitHub's REST API (1,223 operations,
 * OpenAPI 3.0.3), ReadMe's examples in 3.0 and 3.1, Swagger's Petstore as Swagger 2.0, and Scalar's Galaxy
 * (3.1.1); with them the layouts a docs team brings: a small Swagger 2.0 description and a multi-file one from
 * tests/fixtures/, and the Pet Store's own description split into a file per path item and per schema. Each must
 * build, give every operation its page, link to no page it did not build, serve one self-contained file as its
 * download, and warn about nothing beyond what is listed here for it. Run it alone with `npm run test:corpus`; it
 * needs the npm registry (`npm pack`).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiModel, looksLikeJson } from '../../src/openapi/index.ts';
import { wholeExamples } from '../../src/reference/pages/operation-outline.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { brokenLinks } from '../support/built-site.ts';
import {
  fetchNpmDescriptions,
  githubRest,
  type NpmDescription,
  readmeCircular,
  readmePetstore31,
  readmePetstoreSwagger2,
  readmeTrainTravel31,
  scalarGalaxy,
} from '../support/npm-descriptions.ts';
import { splitDescription } from '../support/split-description.ts';
import { buildSite, root, run } from './support/programs.ts';

/**
 * A description in this repository, or one a function writes into the test's folder (`fetched` gives the path of
 * a description from npm, fetched with the others).
 */
interface LocalDescription {
  label: string;
  file: (workDir: string, fetched: (source: NpmDescription) => string) => string;
}

/** Each description, and the warnings it is known to give (the start of each message). */
const corpus: { source: NpmDescription | LocalDescription; knownWarnings: string[] }[] = [
  {
    source: githubRest,
    knownWarnings: [
      'The tag "merge-queue" has no operations',
      'The tag "desktop" has no operations',
      '47 links in descriptions are relative',
    ],
  },
  { source: readmeCircular, knownWarnings: [] },
  { source: readmePetstore31, knownWarnings: [] },
  {
    source: readmeTrainTravel31,
    knownWarnings: ['The schema keyword `unevaluatedProperties` is not shown'],
  },
  {
    source: scalarGalaxy,
    knownWarnings: [
      'The schema keyword `$dynamicAnchor` is not shown',
      'The schema keyword `$dynamicRef` is not shown',
    ],
  },
  { source: readmePetstoreSwagger2, knownWarnings: [] },
  {
    source: { label: 'Swagger 2.0 (tests/fixtures/swagger-2.0)', file: () => fixture('swagger-2.0/openapi.yaml') },
    knownWarnings: [],
  },
  {
    source: { label: 'multi-file (tests/fixtures/multi-file)', file: () => fixture('multi-file/openapi.yaml') },
    knownWarnings: [],
  },
  {
    // No public multi-file description is published on npm, so a real one is split the way docs teams split theirs.
    source: {
      label: "ReadMe's Train Travel (3.1, npm) split into a file per path item and schema",
      file: (dir, fetched) =>
        splitDescription(
          JSON.parse(readFileSync(fetched(readmeTrainTravel31), 'utf8')) as Record<string, unknown>,
          path.join(dir, 'train-travel-split'),
        ),
    },
    knownWarnings: ['The schema keyword `unevaluatedProperties` is not shown'],
  },
  {
    source: {
      label: 'the Pet Store split into a file per path item and schema',
      file: (dir) =>
        splitDescription(
          load(readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8'), { schema: CORE_SCHEMA }) as Record<
            string,
            unknown
          >,
          path.join(dir, 'pet-store-split'),
        ),
    },
    knownWarnings: [],
  },
];

function fixture(file: string): string {
  return path.join(root, 'tests/fixtures', file);
}

const isLocal = (source: NpmDescription | LocalDescription): source is LocalDescription =>
  'file' in source && typeof source.file === 'function';

const workDir = mkdtempSync(path.join(tmpdir(), 'petstore-corpus-'));
let files: string[] = [];

beforeAll(async () => {
  const npm = corpus.map((entry) => entry.source).filter((source) => !isLocal(source)) as NpmDescription[];
  const fetched = await fetchNpmDescriptions(workDir, npm);
  const fetchedPath = (source: NpmDescription) => fetched[npm.indexOf(source)] ?? '';
  files = corpus.map(({ source }) => (isLocal(source) ? source.file(workDir, fetchedPath) : fetchedPath(source)));
}, 120_000);

describe('real descriptions from npm', () => {
  corpus.forEach(({ source, knownWarnings }, i) => {
    it(`${source.label}: builds every operation's page, with no broken link and no unknown warning`, async () => {
      const spec = files[i] ?? '';
      const model = await loadApiModel(spec);
      const unknown = model.warnings
        .map((w) => `${w.pointer}: ${w.message}`)
        .filter((line) => !knownWarnings.some((known) => line.includes(`: ${known}`)));
      expect(unknown).toEqual([]);

      const outDir = path.join(workDir, `site-${i}`);
      const { status, output } = run(buildSite, ['--outDir', outDir], { PETSTORE_SPEC: spec });
      expect(status, output.slice(-2000)).toBe(0);
      const urls = referenceUrls(model);
      const missing = model.operations
        .map((operation) => urls.operation(operation))
        .filter((url) => !existsSync(path.join(outDir, url, 'index.html')));
      expect(missing).toEqual([]);
      expect(brokenLinks(outDir)).toEqual([]);

      // An example too long to show whole is linked from its page and written whole next to it.
      for (const operation of model.operations) {
        for (const whole of wholeExamples(model, operation)) {
          const page = readFileSync(path.join(outDir, urls.operation(operation), 'index.html'), 'utf8');
          expect(page).toContain(`href="${urls.operation(operation)}${whole.file}" download`);
          expect(readFileSync(path.join(outDir, urls.operation(operation), whole.file), 'utf8')).toBe(whole.code);
        }
      }

      // The YAML download is YAML even when the description was written in JSON (GitHub's is), and says the same,
      // read as the portal reads YAML (1.2's core schema: Galaxy's unquoted `2023-12-01T12:00:00Z` is text).
      const yamlDownload = readFileSync(path.join(outDir, 'openapi.yaml'), 'utf8');
      expect(looksLikeJson(yamlDownload)).toBe(false);
      expect(load(yamlDownload, { schema: CORE_SCHEMA })).toEqual(model.source);
      // One file: every `$ref` in the download is local (a multi-file description is served joined).
      expect(yamlDownload).not.toMatch(/\$ref: (?!["']?#)/);
    }, 600_000);
  });
});

/**
 * What agents read, made from the model once per build: every reference page's Markdown twin (its URL plus `.md`),
 * `/llms-full.txt` (or its parts) and `/llms.txt`. Each page's Markdown is made once, written to its twin and into
 * the full text as it is made, and let go: a build never holds every page's Markdown (`reference/site-lists/llms-full.ts`).
 * `astro dev` serves the same texts from routes that call the same functions (`integration/agent-texts-integration.ts`).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { homeTwinPath } from '../home/home-outline.ts';
import type { ApiModel } from '../openapi/index.ts';
import { changelogFeedPath, changelogPath } from '../reference/changelog/changelog-sections.ts';
import { migrationPath } from '../reference/changelog/migration.ts';
import { pageMarkdown, referenceRoutes } from '../reference/page-kinds.ts';
import { type ReferenceRoute, referenceUrls, twinOf } from '../reference/routes.ts';
import {
  type FullText,
  fullTextFile,
  fullTextPartPath,
  type TextFiles,
  writeFullText,
} from '../reference/site-lists/llms-full.ts';
import { type EarlierMajor, llmsText } from '../reference/site-lists/llms-text.ts';
import { sitePath } from '../reference/site-path.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import type { ReferenceVersion } from '../reference/versions.ts';
import { descriptionFiles } from '../site/description-files.ts';
import { apiCatalogPath } from './api-catalog.ts';

/** A guide's or the changelog's twin, as Astro's container made it (`data/page-twins.ts`). */
export interface OtherTwin {
  title: string;
  description?: string | undefined;
  /** The HTML page's site path. */
  path: string;
  /** The twin's site path. */
  twinPath: string;
  markdown: string;
}

export interface OtherTwinList {
  guides: OtherTwin[];
  changelog?: OtherTwin | undefined;
}

/** A published version of the reference and what its twins need beyond its model. */
export interface TwinnedVersion {
  model: ApiModel;
  inputs: TwinInputs;
  /** Which version it is: the full text and `llms.txt` are of the current one, which lists the others. */
  version: ReferenceVersion;
}

/** The twin's file below the site's root, for a route (whose path is below the base path). */
export const twinFileOf = (route: ReferenceRoute) => twinOf(`/${route.path}/`).slice(1);

/**
 * Writes every version's reference twins into `outDir` and, for the current version, the full text and `llms.txt`.
 * Returns how many twins were written and how the full text was split.
 */
export async function writeAgentTexts(
  outDir: string,
  apis: readonly (readonly TwinnedVersion[])[],
  others: OtherTwinList,
  absolute: (path: string) => string,
): Promise<{ twins: number; full: FullText | undefined }> {
  const twins = twinWriter(outDir);
  let full: FullText | undefined;
  for (const [apiIndex, versions] of apis.entries()) {
    const earlier = versions.filter(({ version }) => !version.current).map(({ version }) => earlierMajor(version));
    for (const { model, inputs, version } of versions) {
      const written = new Set<string>();
      const markdownOf = (route: ReferenceRoute) => {
        const markdown = pageMarkdown(model, route, inputs);
        written.add(route.path);
        twins.write(twinFileOf(route), markdown);
        return twins.settled().then(() => markdown);
      };
      // The full text and llms.txt are the first API's (a site of several lists only it there, for now).
      if (version.current && apiIndex === 0) {
        full = await writeFullText(model, markdownOf, others, textFilesIn(outDir), absolute);
        await writeFile(path.join(outDir, 'llms.txt'), await llmsTxt(model, others, full, absolute, earlier));
      }
      // The pages the full text does not hold (a tag with no operations; an earlier version's every page).
      for (const route of referenceRoutes(model)) if (!written.has(route.path)) await markdownOf(route);
    }
  }
  await twins.done();
  return { twins: twins.count, full };
}

/**
 * Writes twin files a few at a time, so that writing overlaps making the next: `settled` waits only when that many
 * are in flight, which also bounds the Markdown held.
 */
function twinWriter(outDir: string, inFlight = 16) {
  const pending = new Set<Promise<void>>();
  const folders = new Set<string>();
  let failed: unknown;
  let count = 0;
  const writeTwin = async (file: string, markdown: string) => {
    const full = path.join(outDir, file);
    const folder = path.dirname(full);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await writeFile(full, markdown);
  };
  return {
    get count() {
      return count;
    },
    write(file: string, markdown: string) {
      count++;
      const writing = writeTwin(file, markdown).then(
        () => {
          pending.delete(writing);
        },
        (error: unknown) => {
          failed ??= error;
          pending.delete(writing);
        },
      );
      pending.add(writing);
    },
    async settled() {
      while (pending.size >= inFlight) await Promise.race(pending);
      if (failed) throw failed;
    },
    async done() {
      await Promise.all(pending);
      if (failed) throw failed;
    },
  };
}

/** The full text's files in the output folder, each written as a stream. */
function textFilesIn(outDir: string): TextFiles {
  return {
    open(name) {
      const file = path.join(outDir, name);
      const stream = mkdir(path.dirname(file), { recursive: true }).then(() => createWriteStream(file));
      return {
        write: async (text) => {
          const out = await stream;
          await new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
        },
        close: async () => {
          const out = await stream;
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
        },
      };
    },
    remove: async (name) => {
      const file = path.join(outDir, name);
      await rm(file, { force: true });
      // The parts' folder goes with its last part.
      await rmdir(path.dirname(file)).catch(() => {});
    },
  };
}

/** An earlier major as `llms.txt` lists it: its introduction's twin and its migration page's. */
export const earlierMajor = (version: ReferenceVersion): EarlierMajor => ({
  label: version.label,
  version: version.version,
  introduction: twinOf(sitePath(`/${version.base}/`)),
  migration: twinOf(sitePath(migrationPath(version))),
});

/**
 * `/llms.txt` (`reference/site-lists/llms-text.ts`), listing the guides' twins, the earlier majors after the current version,
 * the full text as written and the downloads.
 */
export async function llmsTxt(
  model: ApiModel,
  others: OtherTwinList,
  full: FullText,
  absolute: (path: string) => string,
  earlier: readonly EarlierMajor[] = [],
): Promise<string> {
  const urls = referenceUrls(model);
  const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1000)} KB`;
  const optional = [
    // Everything at once: one file, or past its size its parts (`reference/site-lists/llms-full.ts`).
    ...(full.wholeBytes === undefined
      ? full.parts.map((part) => ({
          title: `Full text: ${part.title}`,
          path: fullTextPartPath(part.slug),
          note: `its pages' Markdown in reading order (${kilobytes(part.bytes)})`,
        }))
      : [
          {
            title: 'Full text',
            path: sitePath(`/${fullTextFile}`),
            note: `every page's Markdown (guides, reference, changelog) in reading order (${kilobytes(full.wholeBytes)})`,
          },
        ]),
    // The home page's twin: what the site holds, in the docs team's words or the description's.
    { title: 'Overview', path: sitePath(homeTwinPath), note: 'the home page: what this site holds and where to start' },
    ...(await descriptionFiles(model)).map((file) => ({
      title: `OpenAPI description (${file.format}${file.gzip ? ', gzip' : ''})`,
      path: sitePath(`/${file.name}`),
    })),
    { title: 'API catalog (RFC 9727)', path: sitePath(apiCatalogPath) },
    ...(model.errorCodes.length > 0
      ? [{ title: 'Error catalog', path: urls.errors, note: 'every error code, what it means and what to do' }]
      : []),
    // The changelog's twin is made exactly when the description has releases, as its page and feed are.
    ...(others.changelog
      ? [
          { title: 'Changelog', path: sitePath(changelogPath), note: 'what changed in each release' },
          { title: 'Changelog feed (Atom)', path: sitePath(changelogFeedPath) },
        ]
      : []),
  ];
  // Each guide's Markdown twin, as each operation links its own.
  const guides = others.guides.map(({ title, description, twinPath }) => ({ title, description, path: twinPath }));
  return llmsText(model, { absolute, guides, optional, earlier });
}

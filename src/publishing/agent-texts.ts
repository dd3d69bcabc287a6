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
import {
  descriptionDownloadPath,
  type ReferenceRoute,
  referenceBase,
  referenceBaseOf,
  referenceUrls,
  twinOf,
} from '../reference/routes.ts';
import {
  type FullText,
  fullTextFile,
  fullTextPartPath,
  type TextFiles,
  writeFullText,
  writeSiteFullText,
} from '../reference/site-lists/llms-full.ts';
import { type EarlierMajor, llmsText, siteLlmsText } from '../reference/site-lists/llms-text.ts';
import { sitePath } from '../reference/site-path.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import type { ReferenceVersion } from '../reference/versions.ts';
import { descriptionFiles } from '../site/description-files.ts';
import { apiCatalogPath } from './api-catalog.ts';
import { apiChangelogPaths } from './changelog-paths.ts';

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
  /** The changelog's twin: a one-API site's, or in a site of several the first API's (`/changelog/` for now). */
  changelog?: OtherTwin | undefined;
  /** In a site of several, each API's changelog twin in the site's order (none for an API without releases). */
  changelogs?: (OtherTwin | undefined)[];
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
 * Writes every version's reference twins into `outDir` and, for each API's current version, the full text and
 * `llms.txt`: a one-API site's of its API, a site of several's of every API in the site's order (`title` is the
 * site's, portal.json's). Returns how many twins were written and how the full text was split.
 */
export async function writeAgentTexts(
  outDir: string,
  apis: readonly (readonly TwinnedVersion[])[],
  others: OtherTwinList,
  absolute: (path: string) => string,
  title?: string,
): Promise<{ twins: number; full: FullText | undefined }> {
  const twins = twinWriter(outDir);
  // Each version's pages whose twin is written, as the full text asks for them: the others are written after.
  const written = new Map<TwinnedVersion, Set<string>>();
  const markdownOf = (twinned: TwinnedVersion) => {
    const { model, inputs } = twinned;
    const done = written.get(twinned) ?? new Set<string>();
    written.set(twinned, done);
    return (route: ReferenceRoute) => {
      const markdown = pageMarkdown(model, route, inputs);
      done.add(route.path);
      twins.write(twinFileOf(route), markdown);
      return twins.settled().then(() => markdown);
    };
  };
  const currents = apis.flatMap((versions, apiIndex) => {
    const current = versions.find(({ version }) => version.current);
    return current ? [{ current, apiIndex, versions }] : [];
  });
  const earlierOf = (versions: readonly TwinnedVersion[]) =>
    versions.filter(({ version }) => !version.current).map(({ version }) => earlierMajor(version));
  let full: FullText | undefined;
  const [first] = currents;
  if (first && listedApiId(first.current.model) === undefined) {
    // A one-API site: its API's full text and llms.txt.
    const { model } = first.current;
    full = await writeFullText(model, markdownOf(first.current), others, textFilesIn(outDir), absolute);
    await writeFile(
      path.join(outDir, 'llms.txt'),
      await llmsTxt(model, others, full, absolute, earlierOf(first.versions)),
    );
  } else if (first) {
    const site = currents.map(({ current, apiIndex, versions }) => ({
      id: listedApiId(current.model) ?? '',
      model: current.model,
      markdownOf: markdownOf(current),
      changelog: others.changelogs?.[apiIndex],
      earlier: earlierOf(versions),
    }));
    const siteTitle = title ?? severalApisTitle;
    full = await writeSiteFullText(siteTitle, site, others.guides, textFilesIn(outDir), absolute);
    await writeFile(path.join(outDir, 'llms.txt'), await siteLlmsTxt(siteTitle, site, others, full, absolute));
  }
  // The pages the full text does not hold (a tag with no operations; an earlier version's every page).
  for (const versions of apis) {
    for (const twinned of versions) {
      const made = markdownOf(twinned);
      const done = written.get(twinned);
      for (const route of referenceRoutes(twinned.model)) if (!done?.has(route.path)) await made(route);
    }
  }
  await twins.done();
  return { twins: twins.count, full };
}

/** A site of several APIs whose portal.json gives no title is titled so (as its pages' header is). */
export const severalApisTitle = 'API documentation';

/** A listed API's id, from where its current model is published (`reference/<id>`); undefined for a one-API site's. */
export function listedApiId(model: ApiModel): string | undefined {
  const base = referenceBaseOf(model);
  return base === referenceBase ? undefined : base.slice(referenceBase.length + 1);
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

/** One API of a site of several, as `siteLlmsTxt` lists it. */
export interface SiteLlmsTxtApi {
  id: string;
  model: ApiModel;
  /** Its changelog's twin: the API has releases, so a changelog page and feed. */
  changelog?: OtherTwin | undefined;
  earlier?: readonly EarlierMajor[];
}

/**
 * `/llms.txt` of a site of several APIs (`reference/llms-text.ts` `siteLlmsText`): the guides' twins once, each
 * API's section with its own links (its full text or its parts, its downloads, its error catalog, its changelog),
 * and the site's optional links once.
 */
export async function siteLlmsTxt(
  title: string,
  apis: readonly SiteLlmsTxtApi[],
  others: OtherTwinList,
  full: FullText,
  absolute: (path: string) => string,
): Promise<string> {
  const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1000)} KB`;
  const sections = await Promise.all(
    apis.map(async ({ id, model, changelog, earlier }, apiIndex) => {
      const urls = referenceUrls(model);
      const parts = full.parts.filter((part) => part.api === apiIndex);
      const changes = apiChangelogPaths(model);
      const links = [
        // Its pages at once: one part of the split full text, or a part per tag group past its size.
        ...parts.map((part) => ({
          title: part.slug === id ? 'Full text' : `Full text: ${part.title}`,
          path: fullTextPartPath(part.slug),
          note: `${part.slug === id ? "its reference's pages'" : "its pages'"} Markdown in reading order (${kilobytes(part.bytes)})`,
        })),
        ...(await descriptionFiles(model)).map((file) => ({
          title: `OpenAPI description (${file.format}${file.gzip ? ', gzip' : ''})`,
          path: descriptionDownloadPath(model, file.name),
        })),
        ...(model.errorCodes.length > 0
          ? [{ title: 'Error catalog', path: urls.errors, note: 'every error code, what it means and what to do' }]
          : []),
        ...(changelog
          ? [
              { title: 'Changelog', path: changes.page, note: 'what changed in each release' },
              { title: 'Changelog feed (Atom)', path: changes.feed },
            ]
          : []),
      ];
      return { id, model, links, ...(earlier ? { earlier } : {}) };
    }),
  );
  const guideParts = full.parts.filter((part) => part.api === undefined);
  const optional = [
    ...(full.wholeBytes === undefined
      ? [
          {
            title: 'Full text, in parts',
            path: sitePath(`/${fullTextFile}`),
            note: "the list of its parts: the guides, then each API's (each API's section above names its own)",
          },
          ...guideParts.map((part) => ({
            title: `Full text: ${part.title}`,
            path: fullTextPartPath(part.slug),
            note: `its pages' Markdown in reading order (${kilobytes(part.bytes)})`,
          })),
        ]
      : [
          {
            title: 'Full text',
            path: sitePath(`/${fullTextFile}`),
            note: `every page's Markdown (guides, then each API's reference and changelog) in reading order (${kilobytes(full.wholeBytes)})`,
          },
        ]),
    { title: 'Overview', path: sitePath(homeTwinPath), note: 'the home page: what this site holds and where to start' },
    {
      title: 'API catalog (RFC 9727)',
      path: sitePath(apiCatalogPath),
      note: 'every API with its description and docs',
    },
  ];
  const guides = others.guides.map(({ title: guide, description, twinPath }) => ({
    title: guide,
    description,
    path: twinPath,
  }));
  return siteLlmsText({ title, apis: sections, absolute, guides, optional });
}

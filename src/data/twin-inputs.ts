/** The reference twins' inputs and, in `astro dev`, the full text, for pages: once per build, with the build's sandbox. */
import type { ApiModel } from '../openapi/index.ts';
import { listedApiId, type OtherTwinList, severalApisTitle } from '../publishing/agent-texts.ts';
import { twinInputs as inputsFor } from '../publishing/twin-inputs.ts';
import { pageMarkdown } from '../reference/page-kinds.ts';
import type { ReferenceRoute } from '../reference/routes.ts';
import {
  type FullText,
  textFilesInMemory,
  writeFullText,
  writeSiteFullText,
} from '../reference/site-lists/llms-full.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import { getApiModel, getApiModels, getPortalApis } from './api-model.ts';
import { getChangelogTwin, getChangelogTwins, getGuideTwins } from './page-twins.ts';
import { getPortalConfig } from './portal-config.ts';

export const twinInputs = (model: ApiModel): Promise<TwinInputs> => inputsFor(model, import.meta.env.DEV);

/** The guides' and the changelog's twins, which the full text and `llms.txt` read. */
export async function getOtherTwins(): Promise<OtherTwinList> {
  const [guides, changelog] = await Promise.all([getGuideTwins(), getChangelogTwin()]);
  // A site of several APIs: each API's changelog too (a one-API site's is `changelog`).
  if (getPortalApis()[0]?.id === undefined) return { guides, changelog };
  // Each API's changelog twin, by the API's place in the site (none for an API without releases).
  const twins = await getChangelogTwins();
  const changelogs = getPortalApis().map((api) => twins.find((each) => each.api.api === api)?.twin);
  return { guides, changelog, changelogs };
}

/** A site path as the site's URL. */
export const absolute = (path: string) => new URL(path, import.meta.env.SITE ?? 'http://localhost:4321').href;

interface FullTextInMemory {
  full: FullText;
  files: ReturnType<typeof textFilesInMemory>;
  absolute: (path: string) => string;
}

const fullTexts = new WeakMap<ApiModel, Promise<FullTextInMemory>>();

/**
 * The full text in memory, made once per model, for `astro dev`'s `/llms.txt`, `/llms-full.txt` and parts (a build
 * writes it to files instead, `publishing/agent-texts.ts`).
 */
export function getFullText(model: ApiModel): Promise<FullTextInMemory> {
  let made = fullTexts.get(model);
  if (!made) {
    made = Promise.all([twinInputs(model), getOtherTwins()]).then(async ([inputs, others]) => {
      const files = textFilesInMemory();
      const full = await writeFullText(model, (route) => pageMarkdown(model, route, inputs), others, files, absolute);
      return { full, files, absolute };
    });
    fullTexts.set(model, made);
  }
  return made;
}

interface SiteFullTextInMemory extends FullTextInMemory {
  /** The title a site of several's texts have; undefined for a one-API site. */
  title: string | undefined;
}

let siteFullText: { made: Promise<SiteFullTextInMemory>; models: readonly ApiModel[] } | undefined;

/**
 * The site's full text in memory for `astro dev`: a one-API site's `getFullText`; a site of several's every API's
 * (`writeSiteFullText`), made again when a description is loaded again.
 */
export async function getSiteFullText(): Promise<SiteFullTextInMemory> {
  if (getPortalApis()[0]?.id === undefined) return { ...(await getFullText(await getApiModel())), title: undefined };
  const models = await getApiModels();
  if (siteFullText?.models.length !== models.length || models.some((model, i) => siteFullText?.models[i] !== model)) {
    siteFullText = { models, made: makeSiteFullText(models) };
  }
  return siteFullText.made;
}

async function makeSiteFullText(models: readonly ApiModel[]): Promise<SiteFullTextInMemory> {
  const others = await getOtherTwins();
  const title = getPortalConfig().title ?? severalApisTitle;
  const apis = await Promise.all(
    models.map(async (model, i) => {
      const inputs = await twinInputs(model);
      return {
        id: listedApiId(model) ?? '',
        model,
        markdownOf: (route: ReferenceRoute) => pageMarkdown(model, route, inputs),
        changelog: others.changelogs?.[i],
      };
    }),
  );
  const files = textFilesInMemory();
  const full = await writeSiteFullText(title, apis, others.guides, files, absolute);
  return { full, files, absolute, title };
}

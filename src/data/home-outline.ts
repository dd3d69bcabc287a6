/** The home page's outline (`home/home-outline.ts`) for the build's description, for the page and its twin. */
import { hasReleases } from '../changes/releases.ts';
import { type HomeOutline, homeOutline } from '../home/home-outline.ts';
import { resolveSpecPath } from '../openapi/index.ts';
import { readHomeWords } from '../publishing/home-words.ts';
import { guideSandbox } from '../site/sandbox-address.ts';
import { getApiModel } from './api-model.ts';
import { getGuideOutline } from './guide-outline.ts';
import { getPortalConfig } from './portal-config.ts';

/** Planned on each call (the page and its twin, once each): `home.md` read as it is now, in `astro dev` too. */
export async function getHomeOutline(): Promise<HomeOutline> {
  const [model, guides] = await Promise.all([getApiModel(), getGuideOutline()]);
  return homeOutline(model, {
    guides,
    changelog: hasReleases(resolveSpecPath(process.cwd())),
    sandbox: guideSandbox(model, import.meta.env.DEV),
    words: readHomeWords(model),
    siteTitle: getPortalConfig().title,
  });
}

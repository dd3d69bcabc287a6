/**
 * portal.json's `guides`: which of the portal's own guides (src/content/docs/guides/, named by file) a site ships,
 * on top of what each needs (guide-requirements.ts). `include` ships only the guides it names, `exclude` all but
 * those; a docs team's own guides beside the description are not chosen here, they always ship. A name that is no
 * guide, or an included guide that this site cannot ship, is a located line of portal.json.
 */
import { nearMatches } from '../openapi/index.ts';
import type { SiteConfig, SiteConfigProblem } from '../site/site-config.ts';
import type { GuideFact } from './guide-requirements.ts';

/** Whether the portal's own guide `id` (its file name, `errors`) is chosen by the config. */
export function guideChosen(config: SiteConfig, id: string): boolean {
  if (config.guides?.include) return config.guides.include.includes(id);
  return !config.guides?.exclude?.includes(id);
}

/** Names in `guides` that are none of the portal's guides (`ours`), each with the nearest one. */
export function unknownGuides(config: SiteConfig, ours: readonly string[]): SiteConfigProblem[] {
  const lists = [
    ['include', config.guides?.include],
    ['exclude', config.guides?.exclude],
  ] as const;
  return lists.flatMap(([list, ids]) =>
    (ids ?? []).flatMap((id, index) => {
      if (ours.includes(id)) return [];
      const [near] = nearMatches(id, ours, 1);
      const hint = near ? `did you mean "${near}"?` : `the guides are ${ours.map((o) => `"${o}"`).join(', ')}`;
      return [{ path: ['guides', list, index], message: `"${id}" is not one of the portal's guides; ${hint}` }];
    }),
  );
}

/** Why an included guide does not ship: the first of its needs this site lacks, in words. */
export function unshippableGuide(config: SiteConfig, id: string, missing: GuideFact): SiteConfigProblem | undefined {
  const index = config.guides?.include?.indexOf(id) ?? -1;
  if (index < 0) return undefined;
  const need =
    missing === 'docsTeam'
      ? 'it is the docs team’s own guide: set docsTeamGuides to true'
      : missing === 'projectHosting'
        ? 'it quotes projectHosting, which this portal.json does not set'
        : missing.startsWith('operation:')
          ? `it calls the operation ${missing.slice(10)}, which the description does not have`
          : `it needs the description's ${missing}, which it does not have`;
  return { path: ['guides', 'include', index], message: `"${id}" cannot ship on this site: ${need}` };
}

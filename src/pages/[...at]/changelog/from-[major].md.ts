/**
 * Each migration page as Markdown, at its URL with `.md`: `/changelog/from-1.x.md`,
 * `/reference/<id>/changelog/from-1.x.md` in a site of several.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { changelogRouteAt } from '../../../data/changelog.ts';
import { getMigrationSteps } from '../../../data/reference-versions.ts';
import { type MigrationStep, migrationMarkdown, migrationTitle } from '../../../reference/changelog/migration.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getMigrationSteps()).map(({ step, api }) => ({
    params: { at: changelogRouteAt(api.api.base), major: step.from.label },
    // In a site of several, its title names the API, as its page's does.
    props: { step, apiTitle: api.api.id === undefined ? undefined : api.versions[0]?.model.info.title },
  }));

export const GET: APIRoute<{ step: MigrationStep; apiTitle: string | undefined }> = ({ props }) =>
  new Response(migrationMarkdown(props.step, migrationTitle(props.step, props.apiTitle)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });

/**
 * Each API's changelog as Markdown (`data/page-twins.ts`): `/changelog.md`, `/reference/<id>/changelog.md` in a
 * site of several. Built only for an API with releases.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { changelogRouteAt } from '../../data/changelog.ts';
import { getChangelogTwins, type PageTwin } from '../../data/page-twins.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getChangelogTwins()).map(({ api, twin }) => ({
    params: { at: changelogRouteAt(api.api.base), changelog: 'changelog' },
    props: { twin },
  }));

export const GET: APIRoute<{ twin: PageTwin }> = ({ props }) =>
  new Response(props.twin.markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });

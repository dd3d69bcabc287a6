/** `/changelog.md`: the changelog as Markdown, built when the description has releases (`data/page-twins.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getChangelogTwin, type PageTwin } from '../data/page-twins.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const twin = await getChangelogTwin();
  return twin ? [{ params: { changelog: 'changelog' }, props: { twin } }] : [];
};

export const GET: APIRoute<{ twin: PageTwin }> = ({ props }) =>
  new Response(props.twin.markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });

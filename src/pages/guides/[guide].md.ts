/** Every guide as Markdown, at its URL plus `.md` (`data/page-twins.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getGuideTwins, type PageTwin } from '../../data/page-twins.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getGuideTwins()).map((twin) => ({
    params: { guide: twin.path.replace(/\/$/, '').split('/').pop() },
    props: { twin },
  }));

export const GET: APIRoute<{ twin: PageTwin }> = ({ props }) =>
  new Response(props.twin.markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });

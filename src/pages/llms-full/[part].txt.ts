/** One part of the full text (`reference/llms-full.ts`), written only when it is split. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getFullText } from '../../data/twin-inputs.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const { whole, parts } = await getFullText(await getApiModel());
  return whole === undefined ? parts.map((part) => ({ params: { part: part.slug }, props: { text: part.text } })) : [];
};

export const GET: APIRoute<{ text: string }> = ({ props }) =>
  new Response(props.text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** `/changelog/feed.xml`: the changelog as an Atom feed, built when the description has releases. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getChangelog } from '../../data/changelog.ts';
import { changelogFeed, changelogFeedType } from '../../reference/changelog/changelog-feed.ts';
import { changelogSections } from '../../reference/changelog/changelog-sections.ts';

export async function getStaticPaths() {
  return (await getChangelog()) ? [{ params: { feed: 'feed' } }] : [];
}

export const GET: APIRoute = async ({ site }) => {
  const [model, changelog] = await Promise.all([getApiModel(), getChangelog()]);
  const sections = changelog ? changelogSections(model, changelog) : [];
  return new Response(changelogFeed(model, sections, site ?? new URL('http://localhost:4321')), {
    headers: { 'Content-Type': changelogFeedType },
  });
};

/**
 * Each API's changelog as an Atom feed, beside its page: `/changelog/feed.xml`, `/reference/<id>/changelog/feed.xml`
 * in a site of several. Built only for an API with releases.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { type ApiChangelog, changelogRouteAt, getApiChangelogs } from '../../../data/changelog.ts';
import { changelogFeed, changelogFeedType } from '../../../reference/changelog/changelog-feed.ts';
import { changelogSections } from '../../../reference/changelog/changelog-sections.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getApiChangelogs()).map((api) => ({
    params: { at: changelogRouteAt(api.api.base), feed: 'feed' },
    props: { api },
  }));

export const GET: APIRoute<{ api: ApiChangelog }> = ({ props, site }) => {
  const { model, changelog } = props.api;
  return new Response(
    changelogFeed(model, changelogSections(model, changelog), site ?? new URL('http://localhost:4321')),
    { headers: { 'Content-Type': changelogFeedType } },
  );
};

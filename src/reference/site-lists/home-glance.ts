/**
 * The home page's "at a glance", planned from the model: what the API holds, counted, its tag groups with their
 * first tags, and how requests authenticate. The component (components/home/ApiAtAGlance.astro) only draws it, so
 * the home page cannot drift from the spec.
 */
import { type ApiModel, countOf, operationCount, planOrder, servedOperations } from '../../openapi/index.ts';
import { operationTitle, referenceUrls, tagLabel } from '../routes.ts';
import {
  groupAnchor,
  tagsListedInFull,
  ungroupedAnchor,
  ungroupedHeading,
  ungroupedInWindow,
  ungroupedTags,
} from './navigation.ts';

export interface GlanceLink {
  label: string;
  /** None for a tag a group names that the description lacks. */
  href?: string;
}

export interface HomeGlance {
  id: string;
  title: string;
  /** "Description version 1.0.0 (OpenAPI 3.0.3): " */
  opening: string;
  /** "20 operations", then webhooks and callbacks where there are any, and schemas. */
  counts: { operations: string; webhooks?: string; callbacks?: string; schemas: string };
  /** Where the counts lead: the reference's introduction, and the models index. */
  links: { operations: string; schemas: string };
  /** Each group, with its first tags, how many more, and how many operations it holds ("6 operations"). */
  groups: { link: GlanceLink; tags: GlanceLink[]; moreTags: number; held: string }[];
  /** The tags no group holds, as one line, past the sidebar's threshold. */
  ungrouped?: { link: GlanceLink; tags: string; held: string };
  /** The API-key header, and the operations a caller needs no key for (the one that issues sandbox keys). */
  apiKey?: { name: string; in: string; keyless: string[]; plans: string[] };
}

export function homeGlance(model: ApiModel): HomeGlance {
  // Past the sidebar's threshold, the tags no group holds are one line here, as they are one list in the
  // introduction: a Graph-shaped description's thousands otherwise made this page hundreds of kilobytes.
  const ungroupedTogether = ungroupedInWindow(model);
  const ungrouped = ungroupedTogether ? ungroupedTags(model) : [];
  const ungroupedSet = new Set(ungrouped);
  const shownGroups = ungroupedTogether ? model.tagGroups.filter((group) => !group.implicit) : model.tagGroups;
  const urls = referenceUrls(model);
  const tagsByName = new Map(model.tags.map((tag) => [tag.name, tag]));
  const held = (tagNames: (name: string) => boolean) =>
    operationCount(model, [
      ...new Set(model.tags.filter((tag) => tagNames(tag.name)).flatMap((tag) => tag.operations)),
    ]);
  const webhooks = model.operations.filter((operation) => operation.webhook).length;
  const callbacks = model.operations.filter((operation) => operation.callback).length;
  const keyScheme = model.securitySchemes.find((scheme) => scheme.apiKey)?.apiKey;
  return {
    id: 'at-a-glance',
    title: `${model.info.title} at a glance`,
    opening: `Description version ${model.info.version} (OpenAPI ${model.openapi}): `,
    counts: {
      operations: countOf(servedOperations(model).length, 'operation'),
      ...(webhooks > 0 && { webhooks: countOf(webhooks, 'webhook') }),
      ...(callbacks > 0 && { callbacks: countOf(callbacks, 'callback') }),
      schemas: countOf(model.schemas.length, 'schema'),
    },
    links: { operations: urls.introduction, schemas: urls.schemas },
    groups: shownGroups.map((group) => ({
      link: { label: tagLabel(group), href: `${urls.introduction}#${groupAnchor(group.name)}` },
      tags: group.tags.slice(0, tagsListedInFull).map((name) => {
        const tag = tagsByName.get(name);
        return tag ? { label: tagLabel(tag), href: urls.tag(tag) } : { label: name };
      }),
      moreTags: Math.max(0, group.tags.length - tagsListedInFull),
      held: held((name) => group.tags.includes(name)),
    })),
    ...(ungrouped.length > 0 && {
      ungrouped: {
        link: { label: ungroupedHeading(model), href: `${urls.introduction}#${ungroupedAnchor}` },
        tags: countOf(ungrouped.length, 'tag'),
        held: held((name) => ungroupedSet.has(name)),
      },
    }),
    ...(keyScheme && {
      apiKey: {
        name: keyScheme.name,
        in: keyScheme.in,
        keyless: servedOperations(model)
          .filter((operation) => operation.security.length === 0)
          .map(operationTitle),
        plans: planOrder(model),
      },
    }),
  };
}

/** The reference's introduction: what the API is, its tags by group, servers, authentication, limits, downloads. */
import type { DescriptionFile } from '../../site/description-files.ts';
import { descriptionDownloadPath, referencePaths, referenceUrls, routePath } from '../routes.ts';
import { introductionMarkdown } from '../twins/page-markdown.ts';
import { type IntroductionOutline, introductionHeadings, introductionOutline } from './introduction-outline.ts';
import {
  type IntroductionParts,
  type IntroductionSections,
  introductionParts,
  introductionSections,
} from './introduction-parts.ts';
import { asPageHeadings, type KindOnly, type PageKind, type PageRoute } from './page-kind.ts';

export interface IntroductionRoute extends PageRoute {
  type: 'introduction';
  shows: IntroductionSections;
  parts: IntroductionParts;
}

export interface IntroductionViewProps {
  outline: IntroductionOutline;
  /** The description's downloads, each with its address. */
  files: (DescriptionFile & { href: string })[];
  authenticationGuide: string | undefined;
}

export const introductionPage: PageKind<IntroductionRoute, IntroductionOutline, KindOnly, IntroductionViewProps> = {
  routes: (model) => [
    {
      type: 'introduction',
      path: routePath(referencePaths(model).introduction),
      title: `${model.info.title} reference`,
      shows: introductionSections(model),
      parts: introductionParts(model),
    },
  ],
  outline: (model, _route, sandbox) => introductionOutline(model, sandbox),
  headings: (outline) => asPageHeadings(introductionHeadings(outline)),
  view: async (_route, outline, { model, inputs, authenticationGuide }) => ({
    outline,
    files: (await inputs.descriptionFiles(model)).map((file) => ({
      ...file,
      href: descriptionDownloadPath(model, file.name),
    })),
    authenticationGuide,
  }),
  twin: (model, _route, inputs) => introductionMarkdown(model, inputs),
  subject: () => ({}),
  pageAbout: (model) => referenceUrls(model).introduction,
  summary: (model) => ({ markdown: model.info.description }),
};

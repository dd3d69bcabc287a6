/** The reference's introduction: what the API is, its tags by group, servers, authentication, limits, downloads. */
import type { DescriptionFile } from '../../site/description-files.ts';
import { descriptionDownloadPath, referenceUrls } from '../routes.ts';
import { introductionMarkdown } from '../twins/page-markdown.ts';
import { type IntroductionOutline, introductionHeadings, introductionOutline } from './introduction-outline.ts';
import { asPageHeadings, type KindOnly, type PageKind } from './page-kind.ts';

export interface IntroductionViewProps {
  outline: IntroductionOutline;
  /** The description's downloads, each with its address. */
  files: (DescriptionFile & { href: string })[];
  authenticationGuide: string | undefined;
}

export const introductionPage: PageKind<'introduction', IntroductionOutline, KindOnly, IntroductionViewProps> = {
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

/**
 * An operation as Markdown, for readers and AI agents that want text rather than HTML (each operation page also
 * exists at the same URL plus `.md`). It follows the page's outline (`operation-outline.ts`), so it has the page's
 * headings, in order, and its field trees to the same depth; description text goes through `markdown-text.ts`.
 */
import type { ApiModel, ApiOperation } from '../../openapi/index.ts';
import { markdownToText } from '../../render/markdown.ts';
import type { Words } from '../pages/operation-notices.ts';
import {
  bodyExample,
  type HeaderRow,
  isCut,
  type OutlineHeading,
  operationOutline,
  type PlannedMedia,
  shownStart,
} from '../pages/operation-outline.ts';
import { operationTitle, referenceUrls } from '../routes.ts';
import { inlineExample } from '../shared/inline-example.ts';
import { fieldTreeLines } from './field-markdown.ts';
import { code, descriptionMarkdown, fence, inline, link } from './markdown-text.ts';

const heading = (h: OutlineHeading) => `${'#'.repeat(h.depth)} ${inline(h.title)}`;

export function operationMarkdown(model: ApiModel, operation: ApiOperation): string {
  const outline = operationOutline(model, operation);
  const urls = referenceUrls(model);
  const link = (name: string) => urls.schema(name);
  const text = (markdown: string | undefined) => (markdown ? inline(markdownToText(markdown)) : '');
  const lines: string[] = [
    `# ${inline(operationTitle(operation))}`,
    '',
    code(`${operation.method.toUpperCase()} ${operation.path}`),
    '',
    `${outline.badges.map((badge) => `**${inline(badge.text)}** · `).join('')}operationId: ${code(operation.operationId)} · tag: ${outline.context.tags.map(inline).join(', ')}`,
    '',
  ];
  // The header's callouts and the credentials below are the outline's words, as the page says them.
  for (const notice of outline.notices) lines.push(`> **${inline(notice.title)}.** ${wordsText(notice.words)}`, '');
  const description = descriptionMarkdown(operation.description, 2);
  if (description) lines.push(description, '');

  // The sample pane: each language and each status's examples under their own heading, as the page has them.
  lines.push(heading(outline.requestSample), '');
  for (const sample of outline.samples)
    lines.push(`### ${inline(sample.label)}`, '', fence(sample.code, sample.language), '');
  const { sharedBody } = outline;
  if (sharedBody) {
    const { file } = sharedBody.whole;
    lines.push(
      `The body every sample sends, read from [${code(file)}](${urls.operation(operation)}${file})` +
        (isCut(sharedBody) ? ` (${shownStart(sharedBody.whole).toLowerCase()}):` : ':'),
      '',
      fence(sharedBody.code, 'json'),
      '',
    );
  }
  if (outline.responseExample) {
    lines.push(heading(outline.responseExample), '');
    for (const status of outline.responseExamples) {
      lines.push(`### ${inline(status.title)}`, '');
      for (const example of status.examples) {
        if (example.caption) lines.push(`${inline(example.caption)}:`, '');
        if (example.sameAs) lines.push(`The same as ${inline(example.sameAs)}.`, '');
        else lines.push(fence(example.code, example.language), '');
        // As the page says under a cut example: how much it shows, and where the whole is.
        if (example.whole)
          lines.push(
            `${shownStart(example.whole)}: [the whole example](${urls.operation(operation)}${example.whole.file}).`,
            '',
          );
      }
    }
  }

  lines.push(heading(outline.request), '');
  if (outline.authentication) {
    lines.push(heading(outline.authentication), '');
    const { credentials } = outline;
    if (credentials?.none) lines.push(inline(credentials.none), '');
    else if (credentials) {
      if (credentials.lead) lines.push(inline(credentials.lead), '');
      for (const requirement of credentials.requirements) {
        const words = 'schemes' in requirement ? requirement.schemes.flat() : requirement.withoutCredentials;
        lines.push(`- ${wordsText(words)}.`);
      }
      lines.push('');
    }
  }
  for (const { heading: h, parameters } of outline.parameters) {
    lines.push(heading(h), '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const { parameter: p, type, constraints } of parameters) {
      const rules = constraints.map(inline).join('; ');
      const example = p.examples[0] ? `example ${code(inlineExample(p.examples[0].value))}` : '';
      const said = [text(p.description), rules, example].filter(Boolean).join(' — ').replaceAll('|', '\\|');
      lines.push(`| ${code(p.name)} | ${p.in} | ${inline(type.label)} | ${p.required ? 'yes' : 'no'} | ${said} |`);
    }
    lines.push('');
  }
  if (outline.requestBody) {
    const { heading: h, body, media, listsExamples } = outline.requestBody;
    lines.push(heading(h), '', body.required ? 'Required.' : 'Optional.', '');
    const said = descriptionMarkdown(body.description);
    if (said) lines.push(said, '');
    lines.push(...mediaLines(media, text, link));
    if (listsExamples) lines.push(...bodyExampleLines(media, text));
  }

  lines.push(heading(outline.responses), '');
  if (outline.commonHeaders.length > 0)
    lines.push('Every response carries these headers:', '', ...headerLines(outline.commonHeaders, text), '');
  for (const outcome of outline.outcomes) {
    lines.push(heading(outcome.heading), '');
    const said = text(outcome.response.description);
    if (said) lines.push(said, '');
    if (outcome.headers.length > 0) lines.push('Headers:', '', ...headerLines(outcome.headers, text), '');
    lines.push(...mediaLines(outcome.media, text, link));
    if (outcome.next.length > 0) {
      lines.push('What to call next with this response:', '');
      for (const { link: to, operation: next, named, parameters } of outcome.next) {
        const values = parameters
          .map(
            ({ name, expression, words }, i) =>
              `${i === 0 ? ', with ' : ', '}${code(name)}${expression ? ' from ' : ' set to '}${wordsText(words)}`,
          )
          .join('');
        const said = text(to.description);
        lines.push(
          `- ${next ? `[${inline(next.title)}](${next.href})` : code(named)}${values}.${said ? ` ${said}` : ''}`,
        );
      }
      lines.push('');
    }
  }
  if (outline.errors) {
    const { errors } = outline;
    lines.push(heading(errors.heading), '', '| Status | Code | Meaning | What to do |', '| --- | --- | --- | --- |');
    for (const row of errors.rows) {
      const meaning = row.code ? text(row.code.meaning) : text(row.description);
      lines.push(
        `| ${inline(row.title)} | ${row.code ? code(row.code.code).replaceAll('|', '\\|') : ''} | ${meaning} | ${row.code?.action ? text(row.code.action) : ''} |`,
      );
    }
    lines.push('');
    if (errors.headers.length > 0)
      lines.push('Headers some errors send:', '', ...headerLines(errors.headers, text), '');
    if (errors.bodyModel) {
      const href = link(errors.bodyModel);
      lines.push(`Error body: ${href ? `[${inline(errors.bodyModel)}](${href})` : inline(errors.bodyModel)}.`, '');
    } else {
      lines.push(...mediaLines(errors.bodies, text, link));
    }
  }
  if (outline.callbacks) {
    lines.push(heading(outline.callbacks.heading), '');
    lines.push(
      `After this request, ${inline(outline.context.apiTitle)} may send these requests to URLs the request gives:`,
      '',
    );
    for (const callback of outline.callbacks.operations) {
      const to = wordsText(callback.destination);
      lines.push(
        `- [${inline(callback.title)}](${callback.href}): ${code(`${callback.method} ${callback.path}`)}, to ${to}.`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** An outline's words as Markdown: names as code, links as links; each text keeps its own spaces, which `inline` would trim. */
function wordsText(words: Words): string {
  return words
    .map((word) =>
      'code' in word
        ? code(word.code)
        : 'link' in word
          ? link(word.link, word.href)
          : 'time' in word
            ? inline(word.time)
            : `${/^\s/.test(word.text) ? ' ' : ''}${inline(word.text)}${/\s$/.test(word.text) ? ' ' : ''}`,
    )
    .join('');
}

type TextOf = (markdown: string | undefined) => string;

function mediaLines(media: readonly PlannedMedia[], text: TextOf, link: (name: string) => string | undefined) {
  return media.flatMap(({ media: m, type, itemType, tree }) => {
    const said = text(m.description);
    const fields = fieldTreeLines(tree, link);
    return [
      `${code(m.mediaType)}${type ? `: ${inline(type.label)}` : itemType ? `: a stream of ${inline(itemType.label)} items` : ''}${said ? ` — ${said}` : ''}`,
      '',
      ...(fields.length > 0 ? [...fields, ''] : []),
    ];
  });
}

function headerLines(rows: readonly HeaderRow[], text: TextOf): string[] {
  // As a field's line (field-markdown.ts): the type always (a header without a schema is a string), then what it means.
  return rows.map(({ header, type }) => {
    const facts = [inline(type), ...(header.required ? ['always sent'] : [])].join(', ');
    const said = text(header.description);
    const example = header.examples[0] ? ` Example: ${code(inlineExample(header.examples[0].value))}` : '';
    return `- ${code(header.name)} (${facts})${said ? `: ${said}` : ''}${example}`;
  });
}

/** A body's given examples, each under its caption and cut as the page cuts it. */
function bodyExampleLines(media: readonly PlannedMedia[], text: TextOf): string[] {
  return media.flatMap(({ media: m }) =>
    m.examples.flatMap((example) => {
      const shown = bodyExample(example);
      const said = text(example.description);
      return [
        `${shown.caption ? `Example ${inline(shown.caption)}` : 'Example'} (${code(m.mediaType)})${said ? `: ${said}` : ':'}`,
        '',
        fence(shown.code, shown.language),
        '',
        ...(shown.shown ? [`${shown.shown}; the description has the whole example.`, ''] : []),
      ];
    }),
  );
}

/**
 * A planned field tree (`field-tree.ts`) as a nested Markdown list: the same fields, to the same depth, as the
 * page's expanders, so a twin carries what its HTML page shows.
 */
import { markdownToText } from '../../render/markdown.ts';
import { basedOnWords, type FieldRow, type FieldTree } from '../shared/field-tree.ts';
import { code, inline, link as markdownLink } from './markdown-text.ts';

/** Where a model's page is, if it has one. */
export type ModelLink = (name: string) => string | undefined;

const modelRef = (name: string, link: ModelLink) => {
  const href = link(name);
  return href ? markdownLink(name, href) : inline(name);
};

/** The list's lines, each item indented `indent` deep. */
export function fieldTreeLines(tree: FieldTree | undefined, link: ModelLink, indent = ''): string[] {
  if (!tree) return [];
  switch (tree.kind) {
    case 'circular':
      return [`${indent}- The fields of ${modelRef(tree.model, link)}, open above (a circular reference).`];
    case 'elsewhere':
      return [
        `${indent}- ${tree.reason === 'shown-above' ? 'The fields of' : 'Fields: see'} ${modelRef(tree.model, link)}${tree.reason === 'shown-above' ? ', shown above.' : '.'}`,
      ];
    case 'unlisted':
      return [`${indent}- Fields not listed (${tree.reason === 'too-deep' ? 'nested too deep' : 'circular'}).`];
    case 'same-as':
      return [`${indent}- The same fields as ${code(tree.field)} above.`];
    case 'shape': {
      const { shape } = tree;
      const based = basedOnWords(shape)
        // The words are ours, the names the description's (escaped by `modelRef`).
        .map((part) => ('model' in part ? modelRef(part.model, link) : part.text))
        .join('');
      const lines = [
        ...(based ? [`${indent}- ${based}`] : []),
        ...shape.rows.flatMap((row) => rowLines(row, link, indent)),
      ];
      if (shape.items) {
        lines.push(
          `${indent}- Items: ${inline(shape.items.label)}`,
          ...fieldTreeLines(shape.items.tree, link, `${indent}  `),
        );
      }
      if (shape.options) {
        lines.push(`${indent}- ${shape.options.exactlyOne ? 'Exactly one of' : 'Any of'}:`);
        for (const choice of shape.options.choices) {
          lines.push(`${indent}  - ${inline(choice.label)}`, ...fieldTreeLines(choice.tree, link, `${indent}    `));
        }
      }
      if (shape.extra) lines.push(`${indent}- ${inline(shape.extra)}`);
      return lines;
    }
  }
}

function rowLines(row: FieldRow, link: ModelLink, indent: string): string[] {
  // The type as the page writes it (`Tag[]`), its model linked when it is the whole type.
  const type =
    row.model === undefined
      ? inline(row.type)
      : row.type === row.model
        ? modelRef(row.model, link)
        : `${inline(row.type)}, of ${modelRef(row.model, link)}`;
  const facts = [type, row.required ? 'required' : '', ...row.notes.map(inline)];
  const said = row.description ? inline(markdownToText(row.description)) : '';
  const example = row.example !== undefined ? `Example: ${code(row.example)}` : '';
  const line = `${indent}- ${code(row.name)} (${facts.filter(Boolean).join(', ')})${said ? `: ${said}` : ''}${example ? ` ${example}` : ''}`;
  return [line, ...fieldTreeLines(row.children, link, `${indent}  `)];
}

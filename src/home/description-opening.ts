/**
 * The opening of the API description, for the home page of a site without `home.md`: its blocks up to its first
 * heading (a heading it opens with is the page's title's job), bounded, since real descriptions hold whole manuals
 * (the reference's introduction shows the rest, under "About this API"). Cut between blocks, so the Markdown kept
 * is the description's own, as written; a first paragraph over the budget is cut after a sentence.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** About a screenful of prose: three or four paragraphs. */
export const openingBudget = 1200;

export interface DescriptionOpening {
  markdown: string;
  /** Whether the description goes on past it. */
  cut: boolean;
}

const parser = unified().use(remarkParse).use(remarkGfm);

export function descriptionOpening(description: string, budget = openingBudget): DescriptionOpening | undefined {
  const source = description.replace(/\r\n?/g, '\n').trim();
  if (!source) return undefined;
  const blocks = parser.parse(source).children;
  let at = 0;
  while (blocks[at]?.type === 'heading') at++;
  const first = blocks[at];
  const start = first?.position?.start.offset;
  if (first === undefined || start === undefined) return undefined;
  let end = start;
  for (; at < blocks.length; at++) {
    const block = blocks[at];
    const blockEnd = block?.position?.end.offset;
    if (!block || block.type === 'heading' || blockEnd === undefined) break;
    if (blockEnd - start > budget) {
      // The first block alone over the budget: its first sentences.
      if (end === start) end = sentenceEnd(source, start, start + budget) ?? end;
      break;
    }
    end = blockEnd;
  }
  if (end === start) return { markdown: '', cut: true };
  return { markdown: source.slice(start, end).trim(), cut: end < source.length };
}

/**
 * Where the last sentence that ends before `limit` ends, outside any link, code span or emphasis still open, so
 * that the text cut there is Markdown that closes what it opens.
 */
function sentenceEnd(source: string, from: number, limit: number): number | undefined {
  let found: number | undefined;
  const open = { '[': 0, '(': 0, '`': 0, '*': 0 };
  for (let i = from; i < limit && i < source.length; i++) {
    const char = source[i] ?? '';
    if (char === '[') open['[']++;
    else if (char === ']') open['[']--;
    else if (char === '(') open['(']++;
    else if (char === ')') open['(']--;
    else if (char === '`') open['`'] ^= 1;
    else if (char === '*') open['*'] ^= 1;
    else if (/[.!?]/.test(char) && /\s/.test(source[i + 1] ?? ' ')) {
      if (Object.values(open).every((n) => n === 0)) found = i + 1;
    }
  }
  return found;
}

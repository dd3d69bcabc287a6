/** Reading Markdown as a CommonMark + GFM renderer would: what in it is raw HTML, and where its links go. */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** The raw HTML and the link targets of a Markdown text, as a CommonMark + GFM parser reads it. */
export function markdownNodes(markdown: string): { html: string[]; links: string[] } {
  const html: string[] = [];
  const links: string[] = [];
  type Node = { type: string; value?: string; url?: string; children?: Node[] };
  const visit = (node: Node) => {
    if (node.type === 'html') html.push(node.value ?? '');
    if (node.url !== undefined) links.push(node.url);
    for (const child of node.children ?? []) visit(child);
  };
  visit(unified().use(remarkParse).use(remarkGfm).parse(markdown) as Node);
  return { html, links };
}

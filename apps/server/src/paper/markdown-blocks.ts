/**
 * The subset of Markdown the physics notes (docs/physics/*.md) use, as blocks a PDF writer can lay
 * out: headings, paragraphs, list items (with their nesting), indented or fenced formula/code
 * lines, and tables. Inline markup is kept as segments: **bold**, `code`, [text](link) -> text.
 */
export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'item'; depth: number; text: string }
  | { type: 'code'; lines: string[] }
  | { type: 'table'; rows: string[][] };

export interface Segment {
  text: string;
  bold?: boolean;
  code?: boolean;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const ITEM = /^(\s*)(?:[*+-]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

export function parseMarkdown(md: string): Block[] {
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  let item: { depth: number; text: string[] } | undefined;
  const flush = () => {
    if (para.length) blocks.push({ type: 'paragraph', text: para.join(' ') });
    if (item) blocks.push({ type: 'item', depth: item.depth, text: item.text.join(' ') });
    para = [];
    item = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!);
      blocks.push({ type: 'code', lines: code });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      blocks.push({ type: 'heading', level: h[1]!.length, text: h[2]! });
      continue;
    }
    if (line.trim().startsWith('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!)) {
      flush();
      const rows = [cells(line)];
      for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(cells(lines[i]!));
      i--;
      blocks.push({ type: 'table', rows });
      continue;
    }
    const it = ITEM.exec(line);
    if (it) {
      flush();
      item = { depth: Math.floor(it[1]!.length / 2), text: [it[2]!] };
      continue;
    }
    // a formula set on its own, indented line (the notes' display equations) outside a list
    if (/^ {2,}\S/.test(line) && !item && !para.length) {
      flush();
      blocks.push({ type: 'code', lines: [line.trim()] });
      continue;
    }
    if (item) item.text.push(line.trim());
    else para.push(line.trim());
  }
  flush();
  return blocks;
}

/** Inline markup as segments; links keep their text. */
export function inlineSegments(text: string): Segment[] {
  const plain = text.replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1');
  const out: Segment[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  for (const m of plain.matchAll(re)) {
    if (m.index! > last) out.push({ text: plain.slice(last, m.index) });
    const tok = m[0];
    if (tok.startsWith('**')) out.push({ text: tok.slice(2, -2), bold: true });
    else out.push({ text: tok.slice(1, -1), code: true });
    last = m.index! + tok.length;
  }
  if (last < plain.length) out.push({ text: plain.slice(last) });
  return out.filter((s) => s.text.length > 0);
}

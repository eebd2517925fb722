// The default policies and careers posting are written with these once, then edited in the admin.
type Node = Record<string, unknown>

export type RichTextDocument = { root: Node & { children: Node[] } }

const block = { direction: 'ltr', format: '', indent: 0, version: 1 } as const

export function text(value: string, format: 0 | 1 = 0): Node {
  return { type: 'text', text: value, format, detail: 0, mode: 'normal', style: '', version: 1 }
}

function inline(content: string | Node[]): Node[] {
  return typeof content === 'string' ? [text(content)] : content
}

export function paragraph(content: string | Node[]): Node {
  return { type: 'paragraph', children: inline(content), textFormat: 0, textStyle: '', ...block }
}

export function heading(tag: 'h2' | 'h3', content: string): Node {
  return { type: 'heading', tag, children: inline(content), ...block }
}

export function bulletList(items: (string | Node[])[]): Node {
  return {
    type: 'list',
    listType: 'bullet',
    tag: 'ul',
    start: 1,
    children: items.map((item, i) => ({ type: 'listitem', value: i + 1, children: inline(item), ...block })),
    ...block,
  }
}

export function link(url: string, label: string): Node {
  return {
    type: 'link',
    fields: { url, newTab: false, linkType: 'custom' },
    children: [text(label)],
    ...block,
  }
}

export function document(children: Node[]): RichTextDocument {
  return { root: { type: 'root', children, ...block } }
}

export function isRichTextDocument(value: unknown): value is RichTextDocument {
  const root = (value as RichTextDocument | null)?.root
  return Boolean(root && Array.isArray(root.children) && root.children.length > 0)
}

// Plain text of a document: blocks on their own lines, inline nodes run together.
export function plainText(doc: unknown): string {
  const walk = (node: unknown): string => {
    if (!node || typeof node !== 'object') return ''
    const n = node as { type?: unknown; text?: unknown; children?: unknown }
    if (typeof n.text === 'string') return n.text
    if (!Array.isArray(n.children)) return ''
    const joiner = n.type === 'root' || n.type === 'list' ? '\n' : ''
    return n.children.map(walk).join(joiner)
  }
  return walk((doc as RichTextDocument | null)?.root)
}

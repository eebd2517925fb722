import type { RichTextDocument } from '@/lib/lexical'

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

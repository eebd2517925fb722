import type { SerializedHeadingNode } from '@payloadcms/richtext-lexical'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichText as LexicalRichText, type JSXConvertersFunction } from '@payloadcms/richtext-lexical/react'

import { headingAnchor } from '@/lib/customer-texts'
import type { RichTextDocument } from '@/lib/lexical'
import { plainText } from '@/lib/lexical'
import { cn } from '@/lib/utils'

// Headings with an id from their words, so a link can name a section ("Text messages" is
// #text-messages, which the quote forms' consent wording links to).
const anchoredHeadings: JSXConvertersFunction = ({ defaultConverters }) => ({
  ...defaultConverters,
  heading: ({ node, nodesToJSX }) => {
    const heading = node as SerializedHeadingNode
    const Tag = heading.tag === 'h2' || heading.tag === 'h3' || heading.tag === 'h4' ? heading.tag : 'h2'
    const id = headingAnchor(plainText({ root: { children: heading.children } })) || undefined
    return <Tag id={id}>{nodesToJSX({ nodes: heading.children })}</Tag>
  },
})

export function RichText({
  data,
  className,
  anchors = false,
}: {
  data: RichTextDocument
  className?: string
  anchors?: boolean
}) {
  return (
    <LexicalRichText
      data={data as unknown as SerializedEditorState}
      converters={anchors ? anchoredHeadings : undefined}
      className={cn(
        'text-ink/85 [&_a]:text-gold-dark [&_h2]:text-ink [&_h3]:text-ink grid gap-4 [&_a]:font-semibold [&_a]:underline [&_h2]:mt-6 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-xl [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2',
        className,
      )}
    />
  )
}

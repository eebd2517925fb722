import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichText as LexicalRichText } from '@payloadcms/richtext-lexical/react'

import type { RichTextDocument } from '@/lib/lexical'
import { cn } from '@/lib/utils'

export function RichText({ data, className }: { data: RichTextDocument; className?: string }) {
  return (
    <LexicalRichText
      data={data as unknown as SerializedEditorState}
      className={cn(
        'text-ink/85 [&_a]:text-gold-dark [&_h2]:text-ink [&_h3]:text-ink grid gap-4 [&_a]:font-semibold [&_a]:underline [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-xl [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2',
        className,
      )}
    />
  )
}

import type { RichTextDocument } from '@/lib/lexical'

import { PageShell } from './page-shell'
import { RichText } from './rich-text'

export function PolicyPage({ title, body }: { title: string; body: RichTextDocument }) {
  return (
    <PageShell>
      {() => (
        <article aria-labelledby="policy-title" className="px-4 py-12 sm:py-16">
          <div className="border-ink/10 mx-auto max-w-3xl rounded-2xl border bg-white p-6 shadow-sm sm:p-10">
            <h1 id="policy-title" className="text-4xl font-bold tracking-tight">
              {title}
            </h1>
            <RichText data={body} className="mt-6" anchors />
          </div>
        </article>
      )}
    </PageShell>
  )
}

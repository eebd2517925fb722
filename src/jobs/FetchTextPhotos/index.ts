import type { TaskConfig } from 'payload'

import { storeTextPhotos } from '@/collections/TextMessages/storeTextPhotos'

// Out of the webhook, which answers the provider within a second: downloading and cleaning ten
// photos takes longer. Retried while the provider cannot be reached; stored once.
export const fetchTextPhotos: TaskConfig<'fetchTextPhotos'> = {
  slug: 'fetchTextPhotos',
  label: "Store a text's photos",
  inputSchema: [
    { name: 'messageId', type: 'number', required: true },
    {
      name: 'media',
      type: 'array',
      required: true,
      fields: [
        { name: 'url', type: 'text', required: true },
        { name: 'contentType', type: 'text' },
      ],
    },
  ],
  outputSchema: [
    { name: 'stored', type: 'number' },
    { name: 'dropped', type: 'number' },
  ],
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    const media = input.media.map((m) => ({ url: m.url, contentType: m.contentType ?? '' }))
    const result = await storeTextPhotos(req, input.messageId, media)
    return { output: result ?? { stored: 0, dropped: 0 } }
  },
}

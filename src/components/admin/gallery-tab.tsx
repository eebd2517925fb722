import type { GalleryItem } from '@/payload-types'

import type { Reader } from '@/data/back-office'
import { readGalleryItems } from '@/data/back-office'
import { GalleryTabClient } from './gallery-tab.client'
import { LoadFailed } from './load-failed'

export async function GalleryTab({ reader }: { reader: Reader }) {
  let items: GalleryItem[] | null = null
  try {
    items = (await readGalleryItems(reader)).docs
  } catch (error) {
    reader.payload.logger.error({ err: error, msg: 'back office: gallery items could not be read' })
  }
  return (
    <>
      {items ? null : <LoadFailed message="Failed to load gallery items" />}
      <GalleryTabClient items={items} />
    </>
  )
}

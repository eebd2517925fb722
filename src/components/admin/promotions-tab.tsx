import { findBannerPromotion } from '@/data/banner-query'
import type { Promotion } from '@/payload-types'

import type { Reader } from '@/data/back-office'
import { readPromotions, scheduledPublishes } from '@/data/back-office'
import { LoadFailed } from './load-failed'
import { PromotionsTabClient } from './promotions-tab.client'

export async function PromotionsTab({ reader, timeZone }: { reader: Reader; timeZone: string }) {
  let promotions: Promotion[] | null = null
  try {
    promotions = (await readPromotions(reader)).docs
  } catch (error) {
    reader.payload.logger.error({ err: error, msg: 'back office: promotions could not be read' })
  }
  // The one the site's banner shows now, by the banner's own rule.
  const [banner, scheduled] = await Promise.all([
    findBannerPromotion(reader.payload).catch(() => null),
    scheduledPublishes(reader.payload).catch((error: unknown) => {
      reader.payload.logger.error({ err: error, msg: 'back office: scheduled publishes could not be read' })
      return {}
    }),
  ])
  return (
    <>
      {promotions ? null : <LoadFailed message="Failed to fetch promotions" />}
      <PromotionsTabClient
        promotions={promotions}
        timeZone={timeZone}
        bannerId={banner?.id ?? null}
        scheduled={scheduled}
      />
    </>
  )
}

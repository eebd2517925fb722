import type { Promotion } from '@/payload-types'

import type { Reader } from './back-office-data'
import { readPromotions } from './back-office-data'
import { LoadFailed } from './load-failed'
import { PromotionsTabClient } from './promotions-tab.client'

export async function PromotionsTab({ reader, timeZone }: { reader: Reader; timeZone: string }) {
  let promotions: Promotion[] | null = null
  try {
    promotions = (await readPromotions(reader)).docs
  } catch (error) {
    reader.payload.logger.error({ err: error, msg: 'back office: promotions could not be read' })
  }
  return (
    <>
      {promotions ? null : <LoadFailed message="Failed to fetch promotions" />}
      <PromotionsTabClient promotions={promotions} timeZone={timeZone} />
    </>
  )
}

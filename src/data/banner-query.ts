import 'server-only'

import type { Payload } from 'payload'

import type { Promotion } from '@/payload-types'

import { bannerColor, type BannerColor } from '@/lib/promotions'

export type BannerData = {
  id: number
  title: string
  bannerText: string | null
  bannerColor: BannerColor
  discountCode: string | null
  endDate: string | null
}

// Read as an anonymous visitor: read access already limits the public to live promotions and
// hides isActive (so it is not queried); the end date is still checked against `now`.
export async function findBannerPromotion(payload: Payload, now = new Date()): Promise<BannerData | null> {
  const { docs } = await payload.find({
    collection: 'promotions',
    overrideAccess: false,
    depth: 0,
    limit: 1,
    pagination: false,
    sort: '-createdAt',
    where: { or: [{ endDate: { exists: false } }, { endDate: { greater_than: now.toISOString() } }] },
    select: { title: true, bannerText: true, bannerColor: true, discountCode: true, endDate: true },
  })
  const p = docs[0] as
    Pick<Promotion, 'id' | 'title' | 'bannerText' | 'bannerColor' | 'discountCode' | 'endDate'> | undefined
  if (!p) return null
  return {
    id: p.id,
    title: p.title,
    bannerText: p.bannerText || null,
    bannerColor: bannerColor(p.bannerColor),
    discountCode: p.discountCode || null,
    endDate: p.endDate || null,
  }
}

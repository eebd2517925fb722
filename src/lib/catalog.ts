export const OFFERS = [
  {
    key: 'rim_rash',
    title: 'Rim Rash / Curbed Rim',
    price: '$125',
    unit: 'per rim',
    amount: 125,
    description: 'Curb rash and scrapes sanded, filled, colour-matched and refinished where you park.',
  },
  {
    key: 'windshield_repair',
    title: 'Cracked Windshield Repair',
    price: '$110',
    unit: '',
    amount: 110,
    description: 'Chips and small cracks filled and sealed before they spread across the glass.',
  },
  {
    key: 'headlight_refresh',
    title: 'Headlight Refresh',
    price: '$85',
    unit: '',
    amount: 85,
    description: 'Yellowed, cloudy lenses restored to clear and sealed against the Texas sun.',
  },
  {
    key: 'rim_restoration',
    title: 'Bent, Powder Coating, or Cracked Rims',
    price: '$250',
    unit: '',
    amount: 250,
    description: 'Bent rims straightened, cracks welded and wheels powder coated to a factory-grade finish.',
  },
] as const

// The rim price assumes at least two rims per mobile visit.
export const MOBILE_SERVICE_NOTE = 'Two-rim minimum for mobile service, or a $50 delivery fee.'

export const MAIN_FORM_SERVICE = { key: 'wheel_restoration', title: 'Wheel Restoration' } as const

export type OfferKey = (typeof OFFERS)[number]['key']
export type ServiceType = OfferKey | typeof MAIN_FORM_SERVICE.key

export const SERVICE_TYPES: readonly ServiceType[] = [...OFFERS.map((o) => o.key), MAIN_FORM_SERVICE.key]

// A dealership asking to partner (/become-a-partner): no repair yet, so no offer of the forms'.
export const PARTNERSHIP_SERVICE = { key: 'dealership_partnership', title: 'Dealership Partnership' } as const
export type LeadServiceType = ServiceType | typeof PARTNERSHIP_SERVICE.key
// What a lead may hold; the quote forms accept SERVICE_TYPES only.
export const LEAD_SERVICE_TYPES: readonly LeadServiceType[] = [...SERVICE_TYPES, PARTNERSHIP_SERVICE.key]

export type Review = { name: string; rating: 1 | 2 | 3 | 4 | 5; date: string; text: string }

export const REVIEWS: readonly Review[] = [
  {
    name: 'Sarah M.',
    rating: 5,
    date: '2 weeks ago',
    text: 'They came to my office parking lot and fixed the curb rash on two of my wheels during lunch. They look brand new!',
  },
  {
    name: 'David R.',
    rating: 5,
    date: '1 month ago',
    text: 'Professional, on time and the colour match on my BMW wheels is perfect. No need to drop the car at a shop.',
  },
  {
    name: 'Jennifer L.',
    rating: 5,
    date: '1 month ago',
    text: 'Texted a photo in the morning, had a quote in minutes and the repair done that afternoon in my driveway.',
  },
  {
    name: 'Marcus T.',
    rating: 4,
    date: '2 months ago',
    text: 'Great work on a bent rim from a pothole on Lamar. Took a little longer than planned but the result is flawless.',
  },
  {
    name: 'Austin Auto Group',
    rating: 5,
    date: '3 months ago',
    text: 'Our go-to partner for lot inventory. Quick turnaround, fair fleet pricing and consistent quality on every car.',
  },
  {
    name: 'Emily K.',
    rating: 5,
    date: '3 months ago',
    text: 'My headlights were yellow and foggy. After the refresh they are crystal clear and night driving is so much better.',
  },
]

export const REVIEW_SUMMARY = {
  rating: 4.6,
  best: 5,
  count: 100,
  label: '4.6/5 from over 100 Google reviews',
} as const

export function serviceTitle(type: string): string {
  if (type === MAIN_FORM_SERVICE.key) return MAIN_FORM_SERVICE.title
  if (type === PARTNERSHIP_SERVICE.key) return PARTNERSHIP_SERVICE.title
  return OFFERS.find((o) => o.key === type)?.title ?? type
}

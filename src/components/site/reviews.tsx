import { Icon } from '@/components/ui/icon'
import type { HomeContent } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'

import { SectionHeading } from './section-heading'
import { StarRating } from './star-rating'

export function Reviews({
  settings,
  reviews,
}: {
  settings: PublicSiteSettings
  reviews: HomeContent['reviews']
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-white px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="reviews-title" eyebrow="Reviews" title="What Our Customers Say" />
        <div className="mb-10 flex flex-col items-center gap-2 text-center">
          <StarRating rating={reviews.rating} size="large" />
          <p className="text-lg font-semibold">{reviews.label}</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.items.map((review, i) => (
            <li key={i} className="border-ink/10 bg-mist flex flex-col rounded-2xl border p-6">
              <figure className="flex flex-1 flex-col">
                <StarRating rating={review.rating} />
                <blockquote className="text-ink/85 mt-4 flex-1">&ldquo;{review.text}&rdquo;</blockquote>
                <figcaption className="mt-4 flex items-center justify-between text-sm">
                  <span className="font-semibold">{review.name}</span>
                  <span className="text-ink/70">{review.date}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <a href={settings.reviewLink} target="_blank" rel="noopener noreferrer" className="reviews-link">
            Read more reviews on Google
            <Icon name="external-link" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </div>
    </section>
  )
}

import Image from 'next/image'

import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { smsHref, telHref } from '@/lib/contact'
import type { GalleryCard, GalleryPicture } from '@/data/gallery'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'

// The card's sizes: half of the card's inner width (the browser multiplies by the screen's
// density); the enlarged view's: the screen's width, or half of a wide one.
const CARD_SIZES =
  '(min-width: 1184px) 260px, (min-width: 1024px) calc(25vw - 2.25rem), calc(50vw - 2.375rem)'
const ENLARGED_SIZES = '(min-width: 768px) 50vw, 100vw'

// The first card's pair is on a phone's first screen and loads eagerly; the rest lazily.
function Picture({
  picture,
  label,
  eager,
  enlarged = false,
}: {
  picture: GalleryPicture
  label: 'BEFORE' | 'AFTER'
  eager: boolean
  enlarged?: boolean
}) {
  return (
    <figure className={cn('relative', enlarged && 'w-full shrink-0 snap-center md:shrink')}>
      <Image
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        sizes={enlarged ? ENLARGED_SIZES : CARD_SIZES}
        className={cn(
          'bg-ink-soft w-full rounded-lg',
          enlarged ? 'max-h-[80vh] object-contain' : 'aspect-[4/3] object-cover',
        )}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
      />
      <figcaption
        className={cn(
          'absolute top-2 left-2 rounded px-2 py-0.5 text-xs font-bold tracking-wider',
          label === 'BEFORE' ? 'bg-ink text-white' : 'bg-gold text-ink',
        )}
      >
        {label}
      </figcaption>
    </figure>
  )
}

// The gallery from its items: what visitors see (published) and what the preview shows (drafts).
export function GalleryView({
  items,
  settings,
}: {
  items: readonly GalleryCard[]
  settings: PublicSiteSettings
}) {
  return (
    <>
      <section aria-labelledby="gallery-title" className="px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <p className="text-gold-dark text-sm font-semibold tracking-widest uppercase">Our Work</p>
            <h1 id="gallery-title" className="mt-2 text-4xl font-bold tracking-tight">
              Before &amp; After Gallery
            </h1>
            <p className="text-ink/75 mt-4 text-lg">Real repairs on real cars around Austin, done on site.</p>
          </div>
          {items.length ? (
            <ul className="grid gap-6 lg:grid-cols-2" aria-label="Gallery items">
              {items.map((item, i) => (
                <li
                  key={item.id}
                  data-testid="gallery-item"
                  className="border-ink/10 rounded-2xl border bg-white p-4 shadow-sm"
                >
                  <article aria-labelledby={`item-${item.id}`}>
                    {/* Tap to enlarge: a link to the enlarged view (:target), no script needed. */}
                    <a
                      href={`#enlarge-${item.id}`}
                      aria-label={`Enlarge the before and after photos of ${item.title}`}
                      className="focus-visible:ring-gold grid grid-cols-2 gap-3 rounded-lg focus-visible:ring-2 focus-visible:outline-none"
                    >
                      <Picture picture={item.before} label="BEFORE" eager={i === 0} />
                      <Picture picture={item.after} label="AFTER" eager={i === 0} />
                    </a>
                    <div
                      id={`enlarge-${item.id}`}
                      role="dialog"
                      aria-label={`${item.title}: before and after`}
                      data-testid="gallery-enlarged"
                      className="bg-ink/95 fixed inset-0 z-50 hidden flex-col justify-center gap-4 p-4 target:flex"
                    >
                      <a
                        href={`#item-${item.id}`}
                        className="text-gold-light self-end px-3 py-2 font-semibold underline underline-offset-4"
                      >
                        Close
                      </a>
                      {/* Side by side on a wide screen; one at a time, swiped, on a phone. */}
                      <div className="flex snap-x snap-mandatory gap-4 overflow-x-auto md:overflow-visible">
                        <Picture picture={item.before} label="BEFORE" eager={false} enlarged />
                        <Picture picture={item.after} label="AFTER" eager={false} enlarged />
                      </div>
                    </div>
                    <h2 id={`item-${item.id}`} className="mt-4 text-xl font-bold">
                      {item.title}
                    </h2>
                    {item.description ? <p className="text-ink/75 mt-1">{item.description}</p> : null}
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink/75 text-center">New before-and-after photos are on their way.</p>
          )}
        </div>
      </section>
      <section aria-labelledby="gallery-cta" className="bg-ink px-4 py-14 text-center text-white">
        <h2 id="gallery-cta" className="text-3xl font-bold">
          Want Results Like These?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-white/85">
          Text a photo of your wheel with your name and location to{' '}
          <a
            href={smsHref(settings.textPhone)}
            className="text-gold-light font-semibold underline underline-offset-4"
          >
            {settings.textPhone}
          </a>{' '}
          and we&apos;ll send you a quote.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a
            href={telHref(settings.phone)}
            className={cn(buttonVariants({ variant: 'premium', size: 'lg' }))}
          >
            <Icon name="phone" className="size-4" /> Call {settings.phone}
          </a>
          <a
            href={smsHref(settings.textPhone)}
            className={cn(buttonVariants({ variant: 'outline-premium', size: 'lg' }))}
          >
            <Icon name="message-square" className="size-4" /> Text Us a Photo
          </a>
        </div>
      </section>
    </>
  )
}

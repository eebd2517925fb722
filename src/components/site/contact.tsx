import { buttonVariants } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { contactHoursLines } from '@/lib/business-hours'
import { mailtoHref, telHref } from '@/lib/contact'
import type { HomeContent } from '@/lib/home-content'
import type { PublicSiteSettings } from '@/lib/site-settings'
import { cn } from '@/lib/utils'

import { SectionHeading } from './section-heading'

export function Contact({
  settings,
  contact,
}: {
  settings: PublicSiteSettings
  contact: HomeContent['contact']
}) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-ink px-4 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="contact-title"
          eyebrow="Contact"
          title="Contact Us"
          intro={`Serving ${settings.serviceArea}.`}
          dark
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <ul className="grid gap-4">
            <li className="contact-item">
              <Icon name="phone" className="text-gold size-6 shrink-0" />
              <div>
                <h3 className="font-semibold">Phone</h3>
                <a
                  href={telHref(settings.phone)}
                  className="text-gold-light text-lg underline-offset-4 hover:underline"
                >
                  {settings.phone}
                </a>
              </div>
            </li>
            <li className="contact-item">
              <Icon name="clock" className="text-gold size-6 shrink-0" />
              <div>
                <h3 className="font-semibold">Hours</h3>
                {contactHoursLines(settings.hours).map((line) => (
                  <p key={line} className="text-white/85">
                    {line}
                  </p>
                ))}
              </div>
            </li>
            <li className="contact-item">
              <Icon name="mail" className="text-gold size-6 shrink-0" />
              <div>
                <h3 className="font-semibold">Email</h3>
                <a
                  href={mailtoHref(settings.email)}
                  className="text-gold-light text-lg break-all underline-offset-4 hover:underline"
                >
                  {settings.email}
                </a>
              </div>
            </li>
          </ul>
          <div className="contact-cta">
            <h3 className="text-3xl font-bold">{contact.title}</h3>
            <p className="mt-3 text-white/85">{contact.text}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <a
                href={telHref(settings.phone)}
                className={cn(buttonVariants({ variant: 'premium', size: 'lg' }))}
              >
                <Icon name="phone" className="size-4" /> Call Now
              </a>
              <a href="#quote" className={cn(buttonVariants({ variant: 'outline-premium', size: 'lg' }))}>
                Request a Quote
              </a>
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}

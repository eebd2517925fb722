import { Icon } from '@/components/ui/icon'

import { SectionHeading } from './section-heading'

export const CONSUMER_SERVICES = [
  {
    title: 'On-Site Curb Rash Repair',
    text: 'Scrapes and gouges repaired in your driveway or parking spot.',
  },
  { title: 'Mobile Refinishing', text: 'Colour-matched paint and clear coat applied from our service van.' },
  { title: 'Same-Day Service', text: 'Most repairs are finished the day you book, in a few hours.' },
  { title: 'No Wheel Removal', text: 'Cosmetic repairs are done with the wheel on the car.' },
] as const

export const DEALERSHIP_SERVICES = [
  { title: 'Fleet Services', text: 'Volume pricing for lot inventory, rental and company fleets.' },
  { title: 'Quick Turnaround', text: 'Cars ready for the front line without a trip to a body shop.' },
  { title: 'Pickup & Delivery', text: 'Structural repairs collected from and returned to your lot.' },
  { title: 'Quality Guarantee', text: 'Every wheel checked to our standard and covered by our warranty.' },
] as const

function Column({
  title,
  icon,
  items,
}: {
  title: string
  icon: React.ReactNode
  items: readonly { title: string; text: string }[]
}) {
  return (
    <div className="border-ink/10 rounded-2xl border bg-white p-6 shadow-sm sm:p-8">
      <h3 className="flex items-center gap-3 text-2xl font-bold">
        {icon}
        {title}
      </h3>
      <ul className="mt-6 grid gap-5">
        {items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <Icon name="check" className="check-mark" />
            <div>
              <p className="font-semibold">{item.title}</p>
              <p className="text-ink/75">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Services() {
  return (
    <section id="services" aria-labelledby="services-title" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="services-title"
          eyebrow="What We Do"
          title="Our Services"
          intro="Wheel repair for drivers and dealerships, done where your car is."
        />
        <div className="grid gap-6 md:grid-cols-2">
          <Column
            title="For Customers"
            icon={<Icon name="car" className="text-gold-dark size-7" />}
            items={CONSUMER_SERVICES}
          />
          <Column
            title="For Dealerships"
            icon={<Icon name="building" className="text-gold-dark size-7" />}
            items={DEALERSHIP_SERVICES}
          />
        </div>
      </div>
    </section>
  )
}

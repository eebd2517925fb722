import { Icon } from '@/components/ui/icon'
import type { HomeContent } from '@/lib/home-content'

import { SectionHeading } from './section-heading'

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
        {items.map((item, i) => (
          <li key={i} className="flex gap-3">
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

export function Services({ services }: { services: HomeContent['services'] }) {
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
            items={services.forCustomers}
          />
          <Column
            title="For Dealerships"
            icon={<Icon name="building" className="text-gold-dark size-7" />}
            items={services.forDealerships}
          />
        </div>
      </div>
    </section>
  )
}

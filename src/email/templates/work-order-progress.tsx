import { Heading, Text } from '@react-email/components'

import { EmailButton, EmailFrame } from './layout'

export type WorkOrderProgressProps = {
  businessName: string
  businessPhone: string
  dealershipName: string
  // The work order as the dealership names it ("PO 7781 · RO 2210").
  title: string
  // The car done (stock number, year make model, VIN), or null for the whole order.
  car: { stockNumber: string; vehicle: string; vin: string } | null
  carsDone: number
  cars: number
  portalLink: string
}

export function workOrderProgressSubject(p: Pick<WorkOrderProgressProps, 'car' | 'title'>) {
  return p.car ? `Car ${p.car.stockNumber} is done: ${p.title}` : `Work order done: ${p.title}`
}

// A car of a dealership's work order is done, or the last one and so the whole order.
export function WorkOrderProgressEmail(p: WorkOrderProgressProps) {
  const subject = workOrderProgressSubject(p)
  const cars = `${p.carsDone} of ${p.cars} ${p.cars === 1 ? 'car' : 'cars'} done`
  return (
    <EmailFrame preview={subject}>
      <Heading as="h1" style={{ fontSize: '20px', margin: 0 }}>
        {p.car ? `Car ${p.car.stockNumber} is done` : 'Your work order is done'}
      </Heading>
      {p.car ? (
        <Text>
          {p.dealershipName}, every wheel of {p.car.vehicle ? `${p.car.vehicle}, ` : ''}stock{' '}
          {p.car.stockNumber} (VIN {p.car.vin}) on {p.title} is done: {cars}.
        </Text>
      ) : (
        <Text>
          {p.dealershipName}, every car of {p.title} is done: {cars}.
        </Text>
      )}
      <Text>The after photos are on the work order in the partner portal.</Text>
      <EmailButton href={p.portalLink} tone="plain">
        Open the work order
      </EmailButton>
      <Text style={{ marginTop: '24px' }}>Questions? Call us at {p.businessPhone}.</Text>
      <Text>{p.businessName}</Text>
    </EmailFrame>
  )
}

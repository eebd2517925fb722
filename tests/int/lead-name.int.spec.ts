import { describe, expect, it } from 'vitest'

import { ERASED_LEAD } from '@/lib/erase-request'
import { textLeadFields } from '@/lib/text-messages'

import { eraseListed } from '../helpers/erase'
import { setupHarness } from '../helpers/harness'
import { requestForm, submitRequest } from '../helpers/request-fixtures'

// Payload titles a lead by its stored name (lists, relationship pickers): kept from the lead's
// fields on every write, whatever a request sends for it, and erased with the customer.
const h = setupHarness({ http: true })

const nameOf = async (id: number) =>
  (await h.payload.findByID({ collection: 'leads', id, depth: 0, overrideAccess: true })).name

describe("a lead's name", () => {
  it('is the first and last name of a request, and follows an edit', async () => {
    const email = 'named.lead@curbside.test'
    const made = await submitRequest(h.http, requestForm({ email, firstName: 'Ana', lastName: 'Ruiz' }))
    expect(made.status).toBe(201)
    const { docs } = await h.payload.find({ collection: 'leads', where: { email: { equals: email } } })
    const id = docs[0].id
    expect(await nameOf(id)).toBe('Ana Ruiz')

    await h.payload.update({
      collection: 'leads',
      id,
      data: { lastName: 'Ruiz-Ortega', name: 'Someone else' } as never,
      overrideAccess: true,
    })
    expect(await nameOf(id)).toBe('Ana Ruiz-Ortega')

    expect((await eraseListed(h.http, h.sessionOf('staff'), { email })).status).toBe(200)
    expect(await nameOf(id)).toBe(`${ERASED_LEAD.firstName} ${ERASED_LEAD.lastName}`)
  })

  it("is a texted lead's placeholder name and number, not its placeholder e-mail", async () => {
    const lead = await h.payload.create({
      collection: 'leads',
      data: { ...textLeadFields('+15125550161', 'Curb rash'), serviceType: 'rim_rash' } as never,
      overrideAccess: true,
    })
    expect(lead.name).toBe('Name not given (texted) · +15125550161')
  })
})

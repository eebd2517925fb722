import { type Endpoint, ValidationError } from 'payload'

import { isApprovedStaff } from '@/access/isApprovedStaff'
import { partnerDealership } from '@/access/isPartner'
import { parseVehicleList } from '@/lib/work-order-import'

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store, private' } })
const refuse = (status: number, message: string) => json(status, { errors: [{ message }] })
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

// POST /api/work-orders/import { list, poNumber, roNumber, dueDate, notes }: a pasted list or
// CSV of cars as one work order, created with the caller's own access (a partner's goes to its
// dealership). Any bad line and nothing is created: 400 naming every bad line.
export const importVehicleList: Endpoint = {
  path: '/import',
  method: 'post',
  handler: async (req) => {
    const staff = isApprovedStaff(req.user)
    if (!staff && partnerDealership(req.user) === null) {
      return refuse(403, 'You are not allowed to perform this action.')
    }
    const body = (await req.json?.().catch(() => null)) as Record<string, unknown> | null
    if (!body || typeof body.list !== 'string') return refuse(400, 'Paste the list of cars.')
    const parsed = parseVehicleList(body.list)
    if (!parsed.ok) {
      return json(400, {
        errors: parsed.problems.map((p) =>
          p.line ? { message: `Line ${p.line}: ${p.message}`, line: p.line } : { message: p.message },
        ),
      })
    }
    try {
      const order = await req.payload.create({
        collection: 'work-orders',
        data: {
          ...(staff ? { dealership: Number(body.dealership) } : {}),
          poNumber: text(body.poNumber, 60) || undefined,
          roNumber: text(body.roNumber, 60) || undefined,
          dueDate: text(body.dueDate, 30) || undefined,
          notes: text(body.notes, 2000) || undefined,
          vehicles: parsed.vehicles,
        } as never,
        overrideAccess: false,
        user: req.user,
        depth: 0,
        req,
      })
      return json(201, { message: `Work order created with ${parsed.vehicles.length} cars.`, id: order.id })
    } catch (error) {
      if (error instanceof ValidationError) {
        return json(400, {
          errors: error.data.errors.map((e) => ({ message: `${e.label ?? e.path}: ${e.message}` })),
        })
      }
      throw error
    }
  },
}

import type { Page } from '@playwright/test'

// A lead the books hold (a sent invoice, a payment) is not deleted until its customer is erased,
// as the owner is told to: erase, then delete. From a page of the site (cross-site writes are
// refused), signed in. The two answers' statuses.
export async function eraseThenDeleteLead(page: Page, id: number, email: string): Promise<number[]> {
  return page.evaluate(
    async ({ id, email }) => {
      const erased = await fetch('/api/leads/erase', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, leads: [id], confirm: true }),
      })
      const deleted = await fetch(`/api/leads/${id}`, { method: 'DELETE' })
      return [erased.status, deleted.status]
    },
    { id, email },
  )
}

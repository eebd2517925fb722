import { describe, expect, it } from 'vitest'

import {
  isLeadFormPath,
  LEAD_FORM_ERRORS,
  noticeOf,
  outcomeOf,
  statusRefusal,
  withOutcome,
} from '@/lib/lead-forms'

describe('the lead forms', () => {
  it('are the two lead paths under the API and nothing else', () => {
    expect(isLeadFormPath('/api/leads/12/status')).toBe(true)
    expect(isLeadFormPath('/api/leads/12/note')).toBe(true)
    expect(isLeadFormPath('/api/leads/12/text')).toBe(true)
    expect(isLeadFormPath('/api/leads/12/payment')).toBe(true)
    for (const path of ['/api/leads/12', '/api/leads/x/status', '/api/leads/12/status/x', '/api/leads/erase'])
      expect(isLeadFormPath(path), path).toBe(false)
  })

  it("refuse by the API's rules: one step forward, and nothing for a lead closed as lost", () => {
    expect(statusRefusal({ status: 'new' }, 'contacted')).toBeNull()
    expect(statusRefusal({ status: 'contacted' }, 'contacted')).toBeNull()
    expect(statusRefusal({ status: 'new' }, 'completed')).toBe('status-step')
    expect(statusRefusal({ status: 'completed' }, 'new')).toBe('status-step')
    expect(statusRefusal({ status: 'new' }, 'archived')).toBe('status-step')
    expect(statusRefusal({ status: 'new' }, null)).toBe('status-step')
    expect(statusRefusal({ status: 'new', lostReason: 'declined' }, 'contacted')).toBe('status-lost')
  })

  it('name the outcome in the address back, replacing an earlier one, and read it again', () => {
    const back = '/admin?tab=leads&status=new&lead=4&error=note-empty'
    const done = withOutcome(back, { kind: 'status', status: 'contacted' })
    expect(done).toBe('/admin?tab=leads&status=new&lead=4&done=contacted')
    const params = Object.fromEntries(new URL(done, 'http://x').searchParams)
    expect(outcomeOf(params)).toEqual({ kind: 'status', status: 'contacted' })
    expect(withOutcome('/admin?tab=leads&lead=4', { kind: 'confirm-completed' })).toBe(
      '/admin?tab=leads&lead=4&confirm=completed#cbo-complete-confirm',
    )
    expect(outcomeOf({ confirm: 'completed' })).toEqual({ kind: 'confirm-completed' })
  })

  it("say what happened in the notices' words, and only words of their own", () => {
    expect(noticeOf(outcomeOf({ done: 'quoted' }))).toEqual({
      tone: 'success',
      title: 'Status Updated',
      description: 'Lead status changed to quoted',
    })
    expect(noticeOf(outcomeOf({ done: 'note' }))).toEqual({
      tone: 'success',
      title: 'Note added',
      description: null,
    })
    expect(noticeOf(outcomeOf({ done: 'text' }))).toEqual({
      tone: 'success',
      title: 'Text sent',
      description: null,
    })
    expect(noticeOf(outcomeOf({ error: 'text-opted-out' }))?.description).toBe(
      'Not sent: this customer texted STOP and gets no texts until they text START.',
    )
    expect(noticeOf(outcomeOf({ error: 'status' }))).toEqual({
      tone: 'error',
      title: 'Error',
      description: LEAD_FORM_ERRORS.status,
    })
    for (const params of [{ error: 'Call 555-0100 to verify your account' }, { done: 'archived' }, {}])
      expect(noticeOf(outcomeOf(params))).toBeNull()
  })
})

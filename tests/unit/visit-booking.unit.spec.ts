import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { VisitBooking } from '@/components/site/visit-booking'
import { DEFAULT_HOURS } from '@/lib/business-hours'
import { zonedTime } from '@/lib/business-time'
import { visitSlots } from '@/lib/visit-slots'
import type { Visit } from '@/payload-types'

// The customer's booking forms as the server sends them, before any script: each day's times
// with the day's own button, and a cancellation that asks first.
const TZ = 'America/Chicago'
const TOKEN = 'n'.repeat(24) + '.' + 's'.repeat(24)
const slots = visitSlots(
  { hours: DEFAULT_HOURS, timeZone: TZ, slotMinutes: 120, vans: 1, daysAhead: 14, noticeMinutes: 120 },
  zonedTime(TZ, 2026, 11, 29, 22),
)
const visit = {
  id: 1,
  start: zonedTime(TZ, 2026, 12, 1, 10).toISOString(),
  end: zonedTime(TZ, 2026, 12, 1, 12).toISOString(),
} as Visit

const render = (props: Partial<Parameters<typeof VisitBooking>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(VisitBooking, {
      token: TOKEN,
      visit: null,
      slots,
      outcome: null,
      timeZone: TZ,
      address: null,
      ...props,
    }),
  )
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1] ?? m[0])
const forms = (html: string) => all(html, /(<form[\s\S]*?<\/form>)/g)
const fieldsets = (html: string) => all(html, /(<fieldset[\s\S]*?<\/fieldset>)/g)
const text = (html: string) => html.replace(/<[^>]+>/g, '')
// An attribute of the element `html` starts with (React orders attributes as it likes).
const attr = (html: string, name: string) => new RegExp(`^<\\w+[^>]*?\\s${name}="([^"]*)"`).exec(html)?.[1]
const elements = (html: string, tag: string) =>
  all(html, new RegExp(`(<${tag}\\b[^>]*>(?:[^<]*</${tag}>)?)`, 'g'))

describe('VisitBooking', () => {
  it("gives each day's times a button of their own, in one form that posts the one time picked", () => {
    const html = render()
    expect(forms(html)).toHaveLength(1)
    expect(attr(forms(html)[0], 'method')).toBe('post')
    expect(attr(forms(html)[0], 'action')).toBe('/api/quote-links/book')
    const days = fieldsets(html)
    expect(days).toHaveLength(12)
    for (const day of days) {
      // The day's times, then its button: nothing of another day between them.
      const radios = elements(day, 'input')
      expect(radios.length).toBeGreaterThan(0)
      for (const radio of radios)
        expect([attr(radio, 'type'), attr(radio, 'name')]).toEqual(['radio', 'start'])
      expect(day).toMatch(/<button [^>]*>Book this time<\/button><\/fieldset>$/)
      expect(attr(elements(day, 'button')[0], 'type')).toBe('submit')
    }
    expect(all(days[0], /<legend[^>]*>([^<]*)<\/legend>/g)).toEqual(['Monday, November 30'])
    expect(all(days[0], /<label[^>]*>([\s\S]*?)<\/label>/g).map(text)).toEqual([
      '8:00 AM',
      '10:00 AM',
      '12:00 PM',
      '2:00 PM',
      '4:00 PM',
    ])
    expect(all(html, /name="start"/g)).toHaveLength(slots.length)
    // The street address is asked once, for whichever day's button is pressed.
    expect(all(forms(html)[0], /name="address"/g)).toHaveLength(1)
    expect(forms(html)[0].indexOf('name="address"')).toBeLessThan(forms(html)[0].indexOf('<fieldset'))
  })

  it('moves a booked visit with the same buttons, and asks before cancelling it', () => {
    const html = render({ visit })
    expect(
      all(html, /<button[^>]*>([^<]*)<\/button>/g).every((b) => b === 'Move my visit to this time'),
    ).toBe(true)
    // "Cancel my visit" posts nothing: it opens the question.
    const links = elements(html, 'a').map((a) => [text(a), attr(a, 'href')])
    expect(links).toEqual([['Cancel my visit', `/quote/${TOKEN}?cancel=visit#cancel-visit`]])
    expect(html).not.toContain('/api/quote-links/cancel-visit')
  })

  it('the question names the visit, cancels with a post, and offers to keep it', () => {
    const html = render({ visit, confirmCancel: true })
    expect(all(html, /<h3[^>]*>([^<]*)<\/h3>/g).map((h) => h.replace(/<!-- -->/g, ''))).toEqual([
      'Cancel your visit on Tuesday, December 1 at 10:00 AM?',
    ])
    const [form, ...others] = forms(html)
    expect(others).toEqual([])
    expect([attr(form, 'method'), attr(form, 'action')]).toEqual(['post', '/api/quote-links/cancel-visit'])
    const [token] = elements(form, 'input')
    expect([attr(token, 'name'), attr(token, 'value')]).toEqual(['token', TOKEN])
    const [button] = elements(form, 'button')
    expect([attr(button, 'type'), text(button)]).toEqual(['submit', 'Yes, cancel my visit'])
    const links = elements(html, 'a').map((a) => [text(a), attr(a, 'href')])
    expect(links).toEqual([['Keep my visit', `/quote/${TOKEN}`]])
    // While it asks, nothing else on the page books or moves.
    expect(html).not.toContain('/api/quote-links/book')
  })

  it('without a visit there is nothing to cancel, whatever the address asks', () => {
    const html = render({ confirmCancel: true })
    expect(html).not.toContain('cancel-visit')
    expect(fieldsets(html)).toHaveLength(12)
  })
})

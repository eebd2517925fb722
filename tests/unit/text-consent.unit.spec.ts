import { describe, expect, it } from 'vitest'

import { consentBasisOf, consentBasisText } from '@/lib/text-consent'

describe('the agreement an owner texts a customer under', () => {
  it('is staff recording a call, the customer texting first, or the request form; else none', () => {
    const at = '2026-11-02T15:00:00.000Z'
    expect(consentBasisOf({ textConsentAt: at, textConsentByPhone: true, channel: 'form' }, false)).toBe(
      'phone',
    )
    expect(consentBasisOf({ textConsentAt: at, channel: 'text' }, true)).toBe('texted')
    expect(consentBasisOf({ textConsentAt: at, channel: 'form' }, true)).toBe('form')
    // A form's lead without the box, that the customer answered by text.
    expect(consentBasisOf({ textConsentAt: null, channel: 'form' }, true)).toBe('texted')
    // The box unticked after a call: the agreement is gone with it.
    expect(
      consentBasisOf({ textConsentAt: null, textConsentByPhone: false, channel: 'form' }, false),
    ).toBeNull()
    expect(consentBasisText('phone')).toBe('Consent: Agreed by phone')
  })
})

import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { GalleryView } from '@/components/site/gallery-view'
import { Process } from '@/components/site/process'
import { DEFAULT_HOME_CONTENT } from '@/lib/home-content'
import { publicSiteSettings } from '@/lib/site-settings'

const PHONE = '(512) 555-0142'
const TEXTING = '(512) 555-0199'

describe('the texting number', () => {
  it('is the provider’s number when set, else the phone', () => {
    expect(publicSiteSettings({ phone: PHONE, textPhone: ` ${TEXTING} ` }).textPhone).toBe(TEXTING)
    expect(publicSiteSettings({ phone: PHONE, textPhone: '  ' }).textPhone).toBe(PHONE)
    expect(publicSiteSettings({ phone: PHONE, textPhone: null }).textPhone).toBe(PHONE)
  })

  it('is where the home page’s “text a photo” and the gallery’s text links go; calls go to the phone', () => {
    const settings = publicSiteSettings({ phone: PHONE, textPhone: TEXTING })
    const home = renderToStaticMarkup(
      createElement(Process, { settings, process: DEFAULT_HOME_CONTENT.process }),
    )
    expect(home).toContain('href="sms:+15125550199"')
    expect(home).not.toContain('sms:+15125550142')
    const gallery = renderToStaticMarkup(createElement(GalleryView, { items: [], settings }))
    expect(gallery.match(/href="sms:\+15125550199"/g)).toHaveLength(2)
    expect(gallery).not.toContain('sms:+15125550142')
    expect(gallery).toContain('href="tel:+15125550142"')
  })
})

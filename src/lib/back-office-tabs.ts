export const BACK_OFFICE_TABS = [
  { key: 'gallery', label: 'Gallery Management' },
  { key: 'promotions', label: 'Promotions & Specials' },
  { key: 'leads', label: 'Lead Management' },
] as const
export type BackOfficeTab = (typeof BACK_OFFICE_TABS)[number]['key']

export const LAST_TAB_COOKIE = 'cbo-tab'

// The tab in the URL, else the one used last (its cookie), else the first.
export function backOfficeTab(value: unknown, cookieHeader?: string | null): BackOfficeTab {
  const last = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LAST_TAB_COOKIE}=([a-z]+)`))?.[1]
  return (
    BACK_OFFICE_TABS.find((tab) => tab.key === value)?.key ??
    BACK_OFFICE_TABS.find((tab) => tab.key === last)?.key ??
    'gallery'
  )
}

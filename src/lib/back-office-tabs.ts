export const BACK_OFFICE_TABS = [
  { key: 'gallery', label: 'Gallery Management' },
  { key: 'promotions', label: 'Promotions & Specials' },
  { key: 'leads', label: 'Lead Management' },
] as const
export type BackOfficeTab = (typeof BACK_OFFICE_TABS)[number]['key']

export function backOfficeTab(value: unknown): BackOfficeTab {
  return BACK_OFFICE_TABS.find((tab) => tab.key === value)?.key ?? 'gallery'
}

// The footer's copyright line. A business name that already ends with a period
// ("Curbside Rim Co.") does not get a second one.
export function copyrightLine(year: number, businessName: string): string {
  const name = businessName.trim().replace(/\.+$/, '')
  return `© ${year} ${name}. All rights reserved.`
}

// A name ending with a period ("Curbside Rim Co.") does not get a second one.
export function copyrightLine(year: number, businessName: string): string {
  const name = businessName.trim().replace(/\.+$/, '')
  return `© ${year} ${name}. All rights reserved.`
}

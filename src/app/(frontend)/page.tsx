import type { Metadata } from 'next'

import { HomeView } from '@/components/site/home-view'
import { homeTitle, pageMetadata } from '@/lib/seo'
import { getHomeContent } from '@/data/home-content'
import { getSiteSettings } from '@/data/site-settings'

// The collections' hooks revalidate by tag; 30 s retires a promotion at its end date.
export const revalidate = 30

export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return {
    ...pageMetadata({
      businessName,
      description:
        'Mobile curb rash, rim and wheel repair at your home, office or dealership in central Austin. Same-day service, no wheel removal, free quotes within 24 hours.',
      path: '/',
    }),
    title: { absolute: homeTitle(businessName) },
  }
}

export default async function HomePage() {
  const [settings, content] = await Promise.all([getSiteSettings(), getHomeContent()])
  return <HomeView settings={settings} content={content} />
}

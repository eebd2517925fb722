import type { Metadata } from 'next'

import { HomeView } from '@/components/site/home-view'
import { homeTitle, pageMetadata } from '@/lib/seo'
import { getHomeContent } from '@/data/home-content'
import { getSiteSettings } from '@/data/site-settings'

// The collections' hooks revalidate by tag; 30 s retires a promotion at its end date.
export const revalidate = 30

const DESCRIPTION =
  'Mobile curb rash, rim and wheel repair at your home, office or dealership in central Austin. Same-day service, no wheel removal, free quotes within 24 hours.'

// The owner's SEO fields (the home page's SEO tab) where filled in, the site's own otherwise.
export async function generateMetadata(): Promise<Metadata> {
  const [{ businessName }, { seo }] = await Promise.all([getSiteSettings(), getHomeContent()])
  const title = seo.title || homeTitle(businessName)
  const metadata = pageMetadata({
    businessName,
    title,
    description: seo.description || DESCRIPTION,
    path: '/',
    image: seo.image,
  })
  return { ...metadata, title: { absolute: title } }
}

export default async function HomePage() {
  const [settings, content] = await Promise.all([getSiteSettings(), getHomeContent()])
  return <HomeView settings={settings} content={content} />
}

import { richTextRoute } from '@/server/patches/payload-rich-text-routes'

const route = richTextRoute(['globals', 'site-pages'])

export const generateMetadata = route.generateMetadata
export default route.Page

import { richTextRoute } from '@/server/patches/payload-rich-text-routes'

const route = richTextRoute(['collections', 'job-postings'])

export const generateMetadata = route.generateMetadata
export default route.Page

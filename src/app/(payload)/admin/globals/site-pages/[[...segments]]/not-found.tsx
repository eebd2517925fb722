import { richTextRoute } from '../../../rich-text'

const route = richTextRoute(['globals', 'site-pages'])

export const generateMetadata = route.generateMetadata
export default route.NotFound

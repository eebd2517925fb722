import { richTextRoute } from '../../../rich-text'

const route = richTextRoute(['collections', 'job-postings'])

export const generateMetadata = route.generateMetadata
export default route.NotFound

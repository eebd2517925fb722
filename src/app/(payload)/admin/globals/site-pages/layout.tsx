export { RichTextLayout as default } from '@/server/patches/payload-rich-text-routes'

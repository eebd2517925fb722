export { RichTextLayout as default } from '../../rich-text'

import path from 'node:path'

// Relative to the working directory; turbopackIgnore: runtime data, so the build does not trace the project.
export const DATA_DIR = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data')
export const UPLOADS_DIR = path.join(DATA_DIR, 'uploads')
export const MAIL_DIR = path.join(DATA_DIR, 'mail')
export const TEXTS_DIR = path.join(DATA_DIR, 'texts')

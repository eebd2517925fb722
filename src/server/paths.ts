import path from 'node:path'

// Where local files live when S3 is not configured. Relative to the working directory
// the app starts in (the project root in development, /app in the container).
// (turbopackIgnore: runtime data, not code; keeps the build from tracing the project.)
export const DATA_DIR = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data')
export const UPLOADS_DIR = path.join(DATA_DIR, 'uploads')
export const MAIL_DIR = path.join(DATA_DIR, 'mail')

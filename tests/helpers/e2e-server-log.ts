import path from 'node:path'

// The file the e2e server's output is mirrored to (scripts/serve-standalone.mjs writes it
// when SERVER_LOG_FILE is set): inside the run's own data folder.
export const SERVER_LOG_FILE = path.resolve(process.env.DATA_DIR || '.data', 'e2e-server.log')

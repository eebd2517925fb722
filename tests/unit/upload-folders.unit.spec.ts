import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { removeAbandonedUploadFolders } from '@/collections/Leads/requestUpload'

// A quote request's photos wait in a `quote-*` folder that the request removes when it
// ends; a process killed mid-request leaves it. At server start, folders untouched for
// an hour go; a running request's folder, and anything not ours, stays.
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-folders-test-'))
afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

function folder(name: string, ageMinutes: number) {
  const dir = path.join(base, name)
  fs.mkdirSync(dir)
  fs.writeFileSync(path.join(dir, 'IMG_1.jpg'), 'photo')
  const time = new Date(Date.now() - ageMinutes * 60_000)
  fs.utimesSync(dir, time, time)
  return dir
}

describe('removeAbandonedUploadFolders', () => {
  it('removes quote folders untouched for an hour, and only those', async () => {
    folder('quote-abandoned', 120)
    folder('quote-running', 2)
    folder('other-old', 120)
    fs.writeFileSync(path.join(base, 'quote-file'), 'not a folder')
    const removed = await removeAbandonedUploadFolders(60 * 60 * 1000, base)
    expect(removed).toEqual(['quote-abandoned'])
    expect(fs.readdirSync(base).sort()).toEqual(['other-old', 'quote-file', 'quote-running'])
  })
})

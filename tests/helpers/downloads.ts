import fs from 'node:fs'

import type { Locator } from '@playwright/test'

import { expect } from './e2e-test'

/** The file a control downloads when a person taps it (or clicks it, on a desktop page). */
export async function downloadBy(
  control: Locator,
  how: 'tap' | 'click' = 'click',
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    control.page().waitForEvent('download'),
    how === 'tap' ? control.tap() : control.click(),
  ])
  expect(await file.failure()).toBeNull()
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) }
}

import { describe, expect, it } from 'vitest'

import { csvRows } from '@/lib/csv-rows'

describe('csvRows', () => {
  it('splits rows and cells, quoted cells whole', () => {
    expect(csvRows('id,name\r\n1,"Doe, ""Jo""\nline two"\n2,x\n')).toEqual([
      ['id', 'name'],
      ['1', 'Doe, "Jo"\nline two'],
      ['2', 'x'],
    ])
  })

  it('keeps a last row without a line break and empty cells', () => {
    expect(csvRows('a,,c')).toEqual([['a', '', 'c']])
    expect(csvRows('')).toEqual([])
  })
})

import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// The icons are one SVG sprite in globals.css: every name of <Icon> must have its group in
// the sprite and a class showing exactly that group's cell, or an icon shows its neighbour.
const root = path.resolve(__dirname, '../..')
const css = fs.readFileSync(path.join(root, 'src/app/(frontend)/globals.css'), 'utf8')
const iconSource = fs.readFileSync(path.join(root, 'src/components/ui/icon.tsx'), 'utf8')

function iconNames(): string[] {
  const union = /export type IconName =([^;]*?)\n\n/.exec(iconSource)?.[1] ?? ''
  return [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1])
}

function rule(selector: string): string {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no rule ${selector}`)
  return css.slice(start, css.indexOf('\n  }', start))
}

/** A mask-position's x as a fraction of the free space: 0, 100% or calc(k * 100% / m). */
function fraction(x: string): number {
  if (x === '0') return 0
  if (x === '100%') return 1
  const m = /^calc\((\d+) \* 100% \/ (\d+)\)$/.exec(x)
  if (!m) throw new Error(`unexpected position ${x}`)
  return Number(m[1]) / Number(m[2])
}

describe('icon sprite', () => {
  const names = iconNames()
  const icon = rule('.icon')
  const sprite = /url\("(data:image\/svg\+xml,[^"]*)"\)/.exec(icon)?.[1] ?? ''
  const groups = [...sprite.matchAll(/<g id='([a-z-]+)'(?: transform='translate\((\d+)\)')?>/g)].map((m) => ({
    name: m[1],
    x: Number(m[2] ?? 0),
  }))

  it('holds one group per icon name, 24 units apart, and is as wide as the row', () => {
    expect(names.length).toBeGreaterThan(10)
    expect(groups.map((g) => g.name).sort()).toEqual([...names].sort())
    groups.forEach((g, k) => expect(g.x, g.name).toBe(24 * k))
    expect(sprite).toContain(`viewBox='0 0 ${24 * names.length} 24'`)
    expect(icon).toMatch(new RegExp(`0 0 / ${names.length}00% 100% no-repeat;`))
  })

  it('shows each icon its own cell', () => {
    groups.forEach((g, k) => {
      const x = /mask-position: (.+) 0;/.exec(rule(`.icon-${g.name}`))?.[1] ?? ''
      expect(fraction(x), g.name).toBeCloseTo(k / (names.length - 1), 10)
    })
  })

  it('is the only SVG image of the icons: one for them, two for the stars', () => {
    expect(css.match(/url\("data:image\/svg\+xml/g)).toHaveLength(3)
    expect(css).not.toContain('--icon:')
  })
})

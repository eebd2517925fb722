import sharp from 'sharp'

// Drawn here so the project ships no binary images.
function spokes(cx: number, cy: number, r: number, color: string, width: number): string {
  return Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2
    return `<line x1="${cx}" y1="${cy}" x2="${cx + r * Math.cos(a)}" y2="${cy + r * Math.sin(a)}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`
  }).join('')
}

function scratches(cx: number, cy: number, r: number, seed: number): string {
  let s = seed
  const rand = () => (s = (s * 9301 + 49297) % 233280) / 233280
  return Array.from({ length: 40 }, () => {
    const a = rand() * 2 * Math.PI
    const len = 0.08 + rand() * 0.12
    const r1 = r * (0.93 + rand() * 0.05)
    const a2 = a + len
    return `<path d="M${cx + r1 * Math.cos(a)},${cy + r1 * Math.sin(a)} L${cx + r1 * Math.cos(a2)},${cy + r1 * Math.sin(a2)}" stroke="#6b5d4f" stroke-width="${2 + rand() * 5}" opacity="0.85"/>`
  }).join('')
}

export function wheelSvg({
  damaged,
  accent,
  seed,
}: {
  damaged: boolean
  accent: string
  seed: number
}): string {
  const w = 1200
  const h = 900
  const cx = w / 2
  const cy = h / 2
  const r = 360
  const rim = damaged ? '#8d8f91' : '#d9dcdf'
  const face = damaged ? '#6f7275' : accent
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%">
      <stop offset="0" stop-color="${damaged ? '#3a3835' : '#2b2b30'}"/>
      <stop offset="1" stop-color="#111113"/>
    </radialGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="${damaged ? 0.05 : 0.45}"/>
      <stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${cx}" cy="${cy}" r="${r + 40}" fill="#1a1a1a"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${rim}"/>
  <circle cx="${cx}" cy="${cy}" r="${r - 30}" fill="${face}"/>
  ${spokes(cx, cy, r - 40, rim, 70)}
  <circle cx="${cx}" cy="${cy}" r="90" fill="${rim}"/>
  <circle cx="${cx}" cy="${cy}" r="40" fill="#222"/>
  ${damaged ? scratches(cx, cy, r, seed) : ''}
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shine)"/>
</svg>`
}

export async function wheelImage(options: {
  damaged: boolean
  accent: string
  seed: number
}): Promise<Buffer> {
  return sharp(Buffer.from(wheelSvg(options)))
    .jpeg({ quality: 85 })
    .toBuffer()
}

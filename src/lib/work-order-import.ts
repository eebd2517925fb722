import { csvRows } from './csv-rows'
import { WHEEL_SERVICES, type WheelPosition, type WheelService } from './dealer-prices'
import { checkVin } from './vin'
import { MAX_WORK_ORDER_VEHICLES } from './work-order-status'

// A lot sweep pasted from a spreadsheet or a CSV: one car a line (stock, VIN, wheels, service,
// RO; a header line may name these and year, make, model, colour, lot). A wheel may carry its
// own service (LF:restoration), else it takes the line's. Every line is checked; one bad line
// and nothing is imported, each bad line reported by its number as pasted.

export type ImportedVehicle = {
  stockNumber: string
  vin: string
  roNumber?: string
  year?: number
  make?: string
  model?: string
  colour?: string
  lotLocation?: string
  wheels: { position: WheelPosition; service: WheelService }[]
}
// `line` is missing on the note that more lines had problems than are listed.
export type ImportProblem = { line?: number; message: string }
export type ImportResult =
  { ok: true; vehicles: ImportedVehicle[] } | { ok: false; problems: ImportProblem[] }

type Column = 'stock' | 'vin' | 'wheels' | 'service' | 'ro' | 'year' | 'make' | 'model' | 'colour' | 'lot'
const DEFAULT_COLUMNS: Column[] = ['stock', 'vin', 'wheels', 'service', 'ro']
const HEADER_NAMES: Record<string, Column> = {
  stock: 'stock',
  'stock number': 'stock',
  'stock #': 'stock',
  'stock no': 'stock',
  vin: 'vin',
  wheels: 'wheels',
  wheel: 'wheels',
  positions: 'wheels',
  service: 'service',
  ro: 'ro',
  'ro number': 'ro',
  'ro #': 'ro',
  'ro no': 'ro',
  year: 'year',
  make: 'make',
  model: 'model',
  colour: 'colour',
  color: 'colour',
  lot: 'lot',
  location: 'lot',
  'lot location': 'lot',
}

const ALL_FOUR: WheelPosition[] = ['LF', 'RF', 'LR', 'RR']
const POSITIONS = new Set<string>([...ALL_FOUR, 'SPARE'])

const SERVICE_WORDS: [RegExp, WheelService][] = [
  [/^(rim_rash|rim rash|curb rash|curbed|rash)\b/, 'rim_rash'],
  [/^(rim_restoration|restoration|restore|bent|crack|powder)/, 'rim_restoration'],
]

export function parseService(cell: string): WheelService | null {
  const value = cell.trim().toLowerCase()
  if (!value) return null
  const byTitle = WHEEL_SERVICES.find((s) => s.title.toLowerCase() === value)
  if (byTitle) return byTitle.key
  return SERVICE_WORDS.find(([pattern]) => pattern.test(value))?.[1] ?? null
}

export type WheelsCell =
  | { ok: true; wheels: { position: WheelPosition; service: WheelService | null }[] }
  | { ok: false; problem: 'wheels' | 'service' }

/** "LF RF", "all", or with a wheel's own service "LF:rash RF:restoration" (null: the line's). */
export function parseWheelList(cell: string): WheelsCell {
  const tokens = cell
    .trim()
    .toUpperCase()
    .split(/[\s,;/|+]+/)
    .filter(Boolean)
  if (tokens.length === 0) return { ok: false, problem: 'wheels' }
  const wheels = new Map<WheelPosition, WheelService | null>()
  for (const token of tokens) {
    const [name, word, ...more] = token.split(/[:=]/)
    if (more.length) return { ok: false, problem: 'wheels' }
    const service = word === undefined ? null : parseService(word)
    if (word !== undefined && !service) return { ok: false, problem: 'service' }
    const positions: WheelPosition[] =
      name === 'ALL' || name === '4'
        ? ALL_FOUR
        : POSITIONS.has(name)
          ? [name === 'SPARE' ? 'spare' : (name as WheelPosition)]
          : []
    if (positions.length === 0) return { ok: false, problem: 'wheels' }
    for (const p of positions) wheels.set(p, service ?? wheels.get(p) ?? null)
  }
  return { ok: true, wheels: [...wheels].map(([position, service]) => ({ position, service })) }
}

export function parseWheels(cell: string): WheelPosition[] | null {
  const parsed = parseWheelList(cell)
  return parsed.ok ? parsed.wheels.map((w) => w.position) : null
}

const cellsOf = (line: string) => (line.includes('\t') ? line.split('\t') : (csvRows(line)[0] ?? []))

function headerColumns(cells: string[]): Column[] | null {
  const names = cells.map((c) => c.trim().toLowerCase())
  if (!names.includes('vin')) return null
  return names.map((n) => HEADER_NAMES[n] ?? (n as Column))
}

// A list too long for one work order is refused before any line is read, and at most this
// many bad lines are named: a pasted file of junk gets one short answer, not one per line.
export const MAX_REPORTED_PROBLEMS = 50

const tooMany = (): ImportResult => ({
  ok: false,
  problems: [{ line: 1, message: `At most ${MAX_WORK_ORDER_VEHICLES} cars in one work order.` }],
})

export function parseVehicleList(text: string): ImportResult {
  const lines = text.split(/\r\n|\r|\n/)
  let filled = 0
  for (const raw of lines) {
    // One more than the cars allowed: the list may start with a header line.
    if (raw.trim() && ++filled > MAX_WORK_ORDER_VEHICLES + 1) return tooMany()
  }
  const problems: ImportProblem[] = []
  const vehicles: ImportedVehicle[] = []
  const seenVin = new Map<string, number>()
  const seenStock = new Map<string, number>()
  let columns: Column[] | null = null

  lines.forEach((raw, index) => {
    const line = index + 1
    if (!raw.trim()) return
    const cells = cellsOf(raw)
    if (columns === null && vehicles.length === 0 && problems.length === 0) {
      const header = headerColumns(cells)
      if (header) {
        columns = header
        return
      }
    }
    const cols = columns ?? DEFAULT_COLUMNS
    const get = (name: Column) => (cells[cols.indexOf(name)] ?? '').trim()
    const bad = (message: string) => problems.push({ line, message })

    const stockNumber = get('stock')
    if (!stockNumber) return bad('The stock number is missing.')
    if (stockNumber.length > 40) return bad('The stock number is longer than 40 characters.')
    const vin = checkVin(get('vin'))
    if (!vin.ok) return bad(vin.message)
    const listed = parseWheelList(get('wheels'))
    if (!listed.ok && listed.problem === 'wheels')
      return bad('Name the wheels as LF, RF, LR, RR, spare or all.')
    const lineService = get('service') ? parseService(get('service')) : null
    const wheels = listed.ok ? listed.wheels.map((w) => ({ ...w, service: w.service ?? lineService })) : []
    if (!listed.ok || (get('service') && !lineService) || wheels.some((w) => !w.service))
      return bad('Name the service: rim rash or restoration.')
    const roNumber = get('ro')
    if (roNumber.length > 60) return bad('The RO number is longer than 60 characters.')
    const vinLine = seenVin.get(vin.vin)
    if (vinLine) return bad(`This VIN is on line ${vinLine} already.`)
    const stockLine = seenStock.get(stockNumber)
    if (stockLine) return bad(`This stock number is on line ${stockLine} already.`)
    seenVin.set(vin.vin, line)
    seenStock.set(stockNumber, line)

    const year = Number(get('year'))
    const text = (name: Column, max: number) => get(name).slice(0, max) || undefined
    vehicles.push({
      stockNumber,
      vin: vin.vin,
      ...(roNumber ? { roNumber } : {}),
      ...(Number.isInteger(year) && year >= 1980 && year <= 2100 ? { year } : {}),
      make: text('make', 60),
      model: text('model', 60),
      colour: text('colour', 40),
      lotLocation: text('lot', 100),
      wheels: wheels as ImportedVehicle['wheels'],
    })
  })

  if (problems.length === 0 && vehicles.length === 0) {
    return {
      ok: false,
      problems: [{ line: 1, message: 'Paste at least one car: stock, VIN, wheels, service.' }],
    }
  }
  if (problems.length === 0 && vehicles.length > MAX_WORK_ORDER_VEHICLES) return tooMany()
  if (problems.length > MAX_REPORTED_PROBLEMS) {
    const more = problems.length - MAX_REPORTED_PROBLEMS
    return {
      ok: false,
      problems: [
        ...problems.slice(0, MAX_REPORTED_PROBLEMS),
        { message: `…and ${more} more ${more === 1 ? 'line' : 'lines'} with problems.` },
      ],
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, vehicles }
}

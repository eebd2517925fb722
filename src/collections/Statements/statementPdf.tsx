import fs from 'node:fs'
import path from 'node:path'

import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer'

import { positionLabel, serviceLabel, periodLabel, type StatementDocument } from '@/lib/statements'
import { formatMoney } from '@/lib/money'

// Inter with its whole character set (Latin Extended, Vietnamese, Greek, Cyrillic) from the
// installed inter-ui package: react-pdf takes one file per face and does not combine
// @fontsource's per-script subsets. The build traces these files into its standalone output
// (next.config.mjs), so rendering never downloads anything; only the glyphs used are embedded.
const FONT_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'inter-ui', 'Inter (web)')
export const STATEMENT_FONT_FILES = {
  400: path.join(FONT_DIR, 'Inter-Regular.woff'),
  700: path.join(FONT_DIR, 'Inter-Bold.woff'),
} as const

let family: string | null = null
function fontFamily(): string {
  if (family) return family
  if (Object.values(STATEMENT_FONT_FILES).every((file) => fs.existsSync(file))) {
    Font.register({
      family: 'Inter',
      fonts: Object.entries(STATEMENT_FONT_FILES).map(([weight, src]) => ({
        src,
        fontWeight: Number(weight),
      })),
    })
    // Words are never broken with hyphens (identifiers break on their own: `anywhere`).
    Font.registerHyphenationCallback((word) => [word])
    family = 'Inter'
  } else {
    console.warn(`[statements] Inter not found in ${FONT_DIR}: the PDF uses Helvetica`)
    family = 'Helvetica'
  }
  return family
}

// A stock, PO or RO number or VIN longer than its column breaks between any two characters,
// with no hyphen added (an empty part is a break of no width), so it stays in its column and
// the text layer keeps every character of it.
const anywhere = (word: string) => Array.from(word).flatMap((c, i) => (i ? ['', c] : [c]))

// What people typed may come decomposed (e + combining marks): composed, each letter is one
// glyph of the font and one character of the text layer.
const typed = (value: string | null | undefined) => (value ?? '').normalize('NFC')

export type StatementPdfProps = StatementDocument & {
  businessName: string
  businessPhone: string
  businessEmail: string
  /** Where checks are mailed; empty when the business has not given one. */
  remitAddress: string
  dealershipName: string
  billingEmail: string
  /** The dealership's billing address as on the day the statement was issued. */
  billingAddress: string
  issuedOn: string
  issuedAt: Date
  netTermsDays: number
  dueOn: string
}

const styles = StyleSheet.create({
  page: { paddingHorizontal: 36, paddingVertical: 30, fontSize: 8.5, color: '#111' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 12 },
  title: { fontSize: 14, fontWeight: 700 },
  parties: { flexDirection: 'row', marginBottom: 14 },
  party: { width: 240, paddingRight: 16 },
  label: { fontWeight: 700, color: '#555', marginBottom: 2 },
  terms: { flexDirection: 'row' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  head: { fontWeight: 700, borderBottomColor: '#111' },
  sum: { flexDirection: 'row', justifyContent: 'flex-end', paddingVertical: 2 },
})

// Column widths: they add up to the landscape page's width inside its margins (720 pt), so a
// service's full name fits on one line; each identifier column holds 15 characters or so a
// line and wraps what is longer; the unit price is right-aligned.
const COLUMNS = [
  ['Date', 54],
  ['Stock', 88],
  ['VIN', 104],
  ['PO', 88],
  ['RO', 88],
  ['Position', 54],
  ['Service', 180],
  ['Unit price', 64],
] as const
const IDENTIFIERS = new Set([1, 2, 3, 4])
const GAP = 6

function Row({
  cells,
  head = false,
  fixed = false,
}: {
  cells: readonly string[]
  head?: boolean
  fixed?: boolean
}) {
  return (
    <View style={head ? [styles.row, styles.head] : styles.row} wrap={false} fixed={fixed}>
      {cells.map((cell, i) => {
        const last = i === COLUMNS.length - 1
        return (
          <Text
            key={i}
            style={{ width: COLUMNS[i][1], paddingRight: last ? 0 : GAP, textAlign: last ? 'right' : 'left' }}
            hyphenationCallback={!head && IDENTIFIERS.has(i) ? anywhere : undefined}
          >
            {cell}
          </Text>
        )
      })}
    </View>
  )
}

function Sum({ label, amount, bold = false }: { label: string; amount: string; bold?: boolean }) {
  return (
    <View style={styles.sum}>
      <Text style={{ width: 240, textAlign: 'right', fontWeight: bold ? 700 : 400 }}>{label}</Text>
      <Text style={{ width: 80, textAlign: 'right', fontWeight: bold ? 700 : 400 }}>{amount}</Text>
    </View>
  )
}

function Lines({ text }: { text: string }) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => <Text key={i}>{line}</Text>)
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.terms}>
      <Text style={{ width: 70, fontWeight: 700 }}>{label}</Text>
      <Text>{value}</Text>
    </View>
  )
}

export function StatementPdf(p: StatementPdfProps) {
  const fontFamilyName = fontFamily()
  const business = typed(p.businessName)
  return (
    // Dated when issued, so the same statement always makes the same file.
    <Document
      title={`Statement ${p.number}`}
      author={business}
      creationDate={p.issuedAt}
      modificationDate={p.issuedAt}
    >
      <Page size="LETTER" orientation="landscape" style={[styles.page, { fontFamily: fontFamilyName }]}>
        {/* On every page: whose statement it is, its number and where the page falls. */}
        <View style={styles.header} fixed>
          <View>
            <Text style={styles.title}>{business}</Text>
            <Text>{typed(p.dealershipName)}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={styles.title}>Statement {p.number}</Text>
            <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
          </View>
        </View>
        <View style={styles.parties}>
          <View style={styles.party}>
            <Text style={styles.label}>Bill to</Text>
            <Text style={{ fontWeight: 700 }}>{typed(p.dealershipName)}</Text>
            <Lines text={typed(p.billingAddress)} />
            <Text>{typed(p.billingEmail)}</Text>
          </View>
          <View style={styles.party}>
            <Text style={styles.label}>Remit to</Text>
            <Text style={{ fontWeight: 700 }}>{business}</Text>
            <Lines text={typed(p.remitAddress)} />
            <Text>{typed(p.businessPhone)}</Text>
            <Text>{typed(p.businessEmail)}</Text>
          </View>
          <View style={{ width: 240 }}>
            <Term label="Period" value={periodLabel(p.period)} />
            <Term label="Issued" value={p.issuedOn} />
            <Term label="Terms" value={`Net ${p.netTermsDays} days`} />
            <Term label="Due" value={p.dueOn} />
            <Term label="Amount due" value={formatMoney(p.totalCents)} />
          </View>
        </View>
        <Row head fixed cells={COLUMNS.map(([label]) => label)} />
        {p.lines.map((l, i) => (
          <Row
            key={i}
            cells={[
              l.doneOn,
              typed(l.stockNumber),
              typed(l.vin),
              typed(l.poNumber),
              typed(l.roNumber),
              positionLabel(l.position),
              serviceLabel(l.service),
              formatMoney(l.unitPriceCents),
            ]}
          />
        ))}
        {/* Kept together, so the totals close the last page. */}
        <View style={{ marginTop: 8 }} wrap={false}>
          <Sum label={`Wheels (${p.lines.length})`} amount={formatMoney(p.subtotalCents)} />
          {p.creditLines.map((c, i) => (
            <Sum key={i} label={`Credit: ${typed(c.description)}`} amount={formatMoney(-c.amountCents)} />
          ))}
          <Sum label="Total" amount={formatMoney(p.totalCents)} bold />
        </View>
      </Page>
    </Document>
  )
}

export async function renderStatementPdf(props: StatementPdfProps): Promise<Buffer> {
  return renderToBuffer(<StatementPdf {...props} />)
}

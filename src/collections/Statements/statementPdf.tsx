import fs from 'node:fs'
import path from 'node:path'

import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer'

import { positionLabel, serviceLabel, periodLabel, type StatementDocument } from '@/lib/statements'
import { formatMoney } from '@/lib/money'

// Inter from the installed @fontsource/inter package (the build traces these two files into
// its standalone output: next.config.mjs), so rendering never downloads anything.
const FONT_DIR = path.join(
  /*turbopackIgnore: true*/ process.cwd(),
  'node_modules',
  '@fontsource',
  'inter',
  'files',
)
export const STATEMENT_FONT_FILES = {
  400: path.join(FONT_DIR, 'inter-latin-400-normal.woff'),
  700: path.join(FONT_DIR, 'inter-latin-700-normal.woff'),
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
    // Long VINs and stock numbers are not broken with hyphens.
    Font.registerHyphenationCallback((word) => [word])
    family = 'Inter'
  } else {
    console.warn(`[statements] Inter not found in ${FONT_DIR}: the PDF uses Helvetica`)
    family = 'Helvetica'
  }
  return family
}

export type StatementPdfProps = StatementDocument & {
  businessName: string
  businessPhone: string
  businessEmail: string
  dealershipName: string
  issuedOn: string
  issuedAt: Date
  netTermsDays: number
}

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 8.5, color: '#111' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 16 },
  title: { fontSize: 16, fontWeight: 700 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  head: { fontWeight: 700, borderBottomColor: '#111' },
  sum: { flexDirection: 'row', justifyContent: 'flex-end', paddingVertical: 2 },
})

// Column widths: they add up to the landscape page's width inside its margins (720 pt), so a
// service's full name fits on one line; the unit price is right-aligned.
const COLUMNS = [
  ['Date', 56],
  ['Stock', 60],
  ['VIN', 100],
  ['PO', 70],
  ['RO', 70],
  ['Position', 60],
  ['Service', 220],
  ['Unit price', 84],
] as const

function Row({ cells, head = false }: { cells: readonly string[]; head?: boolean }) {
  return (
    <View style={head ? [styles.row, styles.head] : styles.row} wrap={false}>
      {cells.map((cell, i) => (
        <Text
          key={i}
          style={{ width: COLUMNS[i][1], textAlign: i === COLUMNS.length - 1 ? 'right' : 'left' }}
        >
          {cell}
        </Text>
      ))}
    </View>
  )
}

function Sum({ label, amount, bold = false }: { label: string; amount: string; bold?: boolean }) {
  return (
    <View style={styles.sum}>
      <Text style={{ width: 160, textAlign: 'right', fontWeight: bold ? 700 : 400 }}>{label}</Text>
      <Text style={{ width: 80, textAlign: 'right', fontWeight: bold ? 700 : 400 }}>{amount}</Text>
    </View>
  )
}

export function StatementPdf(p: StatementPdfProps) {
  const fontFamilyName = fontFamily()
  return (
    // Dated when issued, so the same statement always makes the same file.
    <Document
      title={`Statement ${p.number}`}
      author={p.businessName}
      creationDate={p.issuedAt}
      modificationDate={p.issuedAt}
    >
      <Page size="LETTER" orientation="landscape" style={[styles.page, { fontFamily: fontFamilyName }]}>
        <View style={styles.header}>
          <View>
            <Text style={styles.title}>{p.businessName}</Text>
            <Text>{p.businessPhone}</Text>
            <Text>{p.businessEmail}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={styles.title}>Statement {p.number}</Text>
            <Text>{periodLabel(p.period)}</Text>
            <Text>Issued {p.issuedOn}</Text>
            <Text>Net {p.netTermsDays} days</Text>
          </View>
        </View>
        <Text style={{ fontWeight: 700, marginBottom: 8 }}>{p.dealershipName}</Text>
        <Row head cells={COLUMNS.map(([label]) => label)} />
        {p.lines.map((l, i) => (
          <Row
            key={i}
            cells={[
              l.doneOn,
              l.stockNumber,
              l.vin,
              l.poNumber ?? '',
              l.roNumber ?? '',
              positionLabel(l.position),
              serviceLabel(l.service),
              formatMoney(l.unitPriceCents),
            ]}
          />
        ))}
        <View style={{ marginTop: 8 }}>
          <Sum label={`Wheels (${p.lines.length})`} amount={formatMoney(p.subtotalCents)} />
          {p.creditLines.map((c, i) => (
            <Sum key={i} label={`Credit: ${c.description}`} amount={formatMoney(-c.amountCents)} />
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

import type { DefaultServerCellComponentProps } from 'payload'

import { formatBusinessDate } from '@/lib/business-time'

import { readTimeZone } from '@/data/back-office'

export async function BusinessDateCell({
  cellData,
  payload,
  link,
  linkURL,
}: DefaultServerCellComponentProps) {
  const text = typeof cellData === 'string' ? formatBusinessDate(cellData, await readTimeZone(payload)) : ''
  const time = <time dateTime={typeof cellData === 'string' ? cellData : undefined}>{text}</time>
  return link && linkURL ? <a href={linkURL}>{time}</a> : time
}

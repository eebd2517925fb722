import type { DefaultServerCellComponentProps } from 'payload'

import { formatCalendarDate } from '@/lib/business-time'

import { ListCellLink } from './list-cell-link'

// A list's calendar-day column, the day as stored ("Dec 2, 2026"), whatever the browser's zone.
export function CalendarDayCell(props: DefaultServerCellComponentProps) {
  const { cellData } = props
  const day = typeof cellData === 'string' || cellData instanceof Date ? formatCalendarDate(cellData) : ''
  return <ListCellLink {...props}>{day}</ListCellLink>
}

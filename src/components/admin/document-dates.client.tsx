'use client'

import { useDocumentInfo, useTranslation } from '@payloadcms/ui'

import { formatBusinessDate } from '@/lib/business-time'

export function DocumentDatesClient({ timeZone }: { timeZone: string }) {
  const { data } = useDocumentInfo()
  const { t } = useTranslation()
  const dates = [
    [t('general:lastModified'), data?.updatedAt],
    [t('general:created'), data?.createdAt],
  ].filter((d): d is [string, string] => typeof d[1] === 'string')
  if (!dates.length) return null
  return (
    <dl className="cbo-document-dates">
      {dates.map(([label, value]) => (
        <div key={label}>
          <dt>{label}:</dt>
          <dd>
            <time dateTime={value}>{formatBusinessDate(value, timeZone)}</time>
          </dd>
        </div>
      ))}
    </dl>
  )
}

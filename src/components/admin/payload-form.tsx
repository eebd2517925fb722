import { DefaultEditView } from '@payloadcms/ui'
import type { DocumentViewServerProps } from 'payload'

// Payload's own edit form, for a record's page that opens on a view of ours: it takes the
// document view's client props, without the server-only ones. A new record (no id yet) is
// typed in it.
export function PayloadForm(props: DocumentViewServerProps) {
  const {
    doc: _doc,
    hasPublishedDoc: _hasPublishedDoc,
    initPageResult: _initPageResult,
    routeSegments: _routeSegments,
    versions: _versions,
    i18n: _i18n,
    locale: _locale,
    params: _params,
    payload: _payload,
    permissions: _permissions,
    searchParams: _searchParams,
    user: _user,
    ...client
  } = props
  return <DefaultEditView {...client} />
}

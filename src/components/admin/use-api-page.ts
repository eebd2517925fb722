import { useCallback, useEffect, useState } from 'react'
import { toast } from '@payloadcms/ui'

import { apiFetch, type Paginated } from './admin-fetch'

// One page of a collection from Payload's REST API for a back-office tab: loaded again
// whenever `path` changes or `reload()` is called; a failure shows the tab's own 'Error'
// notice and keeps what was shown. A response that arrives after a newer request is dropped.
export function useApiPage<T>(path: string, failureMessage: string) {
  const [data, setData] = useState<Paginated<T> | null>(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  useEffect(() => {
    let current = true
    apiFetch<Paginated<T>>(path)
      .then((result) => current && setData(result))
      .catch(() => current && toast.error('Error', { description: failureMessage }))
    return () => {
      current = false
    }
  }, [path, failureMessage, version])

  return { data, reload }
}

'use client'

import { toast } from '@payloadcms/ui'
import { useEffect } from 'react'

// A list the server could not read: the tab's own 'Error' notice, once.
export function LoadFailed({ message }: { message: string }) {
  useEffect(() => {
    toast.error('Error', { description: message })
  }, [message])
  return null
}

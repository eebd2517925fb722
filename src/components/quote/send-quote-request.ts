import { IDEMPOTENCY_HEADER, QUOTE_ENDPOINT } from '@/lib/quote-constants'

export type QuoteResponse = {
  status: number
  body: { message?: string; photos?: number; outsideArea?: boolean; fieldErrors?: Record<string, string> }
}

// XMLHttpRequest rather than fetch: only it reports upload progress.
export function sendQuoteRequest(
  form: FormData,
  key: string,
  onUploadProgress?: (fraction: number) => void,
  onUploaded?: () => void,
): Promise<QuoteResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', QUOTE_ENDPOINT)
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, key)
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onUploadProgress?.(e.loaded / e.total)
    }
    xhr.upload.onload = () => onUploaded?.()
    xhr.onload = () => {
      let body: QuoteResponse['body'] = {}
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {}
      } catch {
        // not JSON (a proxy's error page): the status says enough
      }
      resolve({ status: xhr.status, body })
    }
    xhr.onerror = () => reject(new Error('network error'))
    xhr.onabort = () => reject(new Error('aborted'))
    xhr.send(form)
  })
}

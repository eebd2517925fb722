import { IDEMPOTENCY_HEADER, REQUEST_ENDPOINT } from '@/lib/request-constants'

export type RequestResponse = {
  status: number
  body: { message?: string; photos?: number; outsideArea?: boolean; fieldErrors?: Record<string, string> }
}

// XMLHttpRequest rather than fetch: only it reports upload progress.
export function sendRequest(
  form: FormData,
  key: string,
  onUploadProgress?: (fraction: number) => void,
  onUploaded?: () => void,
): Promise<RequestResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', REQUEST_ENDPOINT)
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, key)
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onUploadProgress?.(e.loaded / e.total)
    }
    xhr.upload.onload = () => onUploaded?.()
    xhr.onload = () => {
      let body: RequestResponse['body'] = {}
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

import type { ReceivedPhoto } from '@/server/quote-upload'

// A quote's photos, worked on while the rest of the request is still arriving. The form
// sends its text fields first and the photos after them, so by the time the first photo
// is on disk the fields can be checked; once they pass, each photo is handed to `clean`
// as soon as it is wholly received, instead of after the last byte of the body. On a
// phone's upload that is seconds of work done while the visitor waits anyway.
//
// Nothing here decides the answer: the endpoint checks the complete request again once it
// has been read, and a photo whose early start was refused (or never came) is cleaned
// then. Fields that fail the checks start no photo work at all.
export function cleanAsReceived<T>({
  check,
  clean,
}: {
  // Whether fields like these would be accepted; false or a failure starts nothing early.
  check: (fields: ReadonlyMap<string, string>) => Promise<boolean>
  clean: (path: string) => Promise<T>
}) {
  let allowed: Promise<boolean> | null = null
  // By the photo's path: its work, or null when the fields did not allow an early start.
  const started = new Map<string, Promise<T | null>>()

  return {
    // For receiveQuoteUpload's onPhoto.
    onPhoto(photo: ReceivedPhoto, fieldsSoFar: ReadonlyMap<string, string>) {
      // The fields as they stood at the first photo: the check may outlive this call.
      allowed ??= check(new Map(fieldsSoFar)).catch(() => false)
      const work = allowed.then((ok) => (ok ? clean(photo.path) : null))
      // Reported through cleaning() when the request gets that far; never unhandled.
      work.catch(() => {})
      started.set(photo.path, work)
    },
    // The photo's cleaned result: the work started on arrival, or started now. A refusal
    // is reported to whoever awaits this, even if that comes later (a request waiting
    // for its turn to store), and is never left to the process as unhandled.
    cleaning(photo: ReceivedPhoto): Promise<T> {
      const early = started.get(photo.path)
      const result = early ? early.then((done) => done ?? clean(photo.path)) : clean(photo.path)
      result.catch(() => {})
      return result
    },
    // Once every early start has finished, whatever the request's answer: nothing keeps
    // reading a photo after the request's folder is removed.
    async settled(): Promise<void> {
      await Promise.allSettled([allowed, ...started.values()])
    },
  }
}

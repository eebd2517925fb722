import type { ReceivedPhoto } from '@/collections/Leads/requestUpload'

// The form sends its fields before its photos, so once the fields pass, each photo is cleaned as soon as it
// is on disk while the body still arrives. The endpoint re-checks the whole request; nothing here decides.
export function cleanAsReceived<T>({
  check,
  clean,
}: {
  check: (fields: ReadonlyMap<string, string>) => Promise<boolean>
  clean: (path: string) => Promise<T>
}) {
  let allowed: Promise<boolean> | null = null
  const started = new Map<string, Promise<T | null>>()

  return {
    onPhoto(photo: ReceivedPhoto, fieldsSoFar: ReadonlyMap<string, string>) {
      // Copied: the check may outlive this call.
      allowed ??= check(new Map(fieldsSoFar)).catch(() => false)
      const work = allowed.then((ok) => (ok ? clean(photo.path) : null))
      // Reported through cleaning() if the request gets that far; never unhandled.
      work.catch(() => {})
      started.set(photo.path, work)
    },
    // A refusal reaches whoever awaits this, however late, and is never left unhandled.
    cleaning(photo: ReceivedPhoto): Promise<T> {
      const early = started.get(photo.path)
      const result = early ? early.then((done) => done ?? clean(photo.path)) : clean(photo.path)
      result.catch(() => {})
      return result
    },
    // So nothing keeps reading a photo after the request's folder is removed.
    async settled(): Promise<void> {
      await Promise.allSettled([allowed, ...started.values()])
    },
  }
}

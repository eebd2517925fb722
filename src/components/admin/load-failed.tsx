// Rendered in the server's answer: a notice raised in the browser before Payload's toaster
// is mounted would be lost.
export function LoadFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="cbo-load-failed">
      <strong>Error</strong>
      <span>{message}</span>
    </div>
  )
}

// A list the server could not read: the tab says so where the list would be, in the
// server's answer itself, so the owner sees it however early or late the page hydrates
// (a notice raised from the browser before Payload's toaster is mounted is lost).
export function LoadFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="cbo-load-failed">
      <strong>Error</strong>
      <span>{message}</span>
    </div>
  )
}

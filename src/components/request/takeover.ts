// What the form sent by the server holds when the scripted form takes its place: the scripted
// one starts from it, so nothing the visitor typed or chose is lost, and the caret stays put.
export type Takeover = {
  values: Record<string, string>
  photos: File[]
  focus: { name: string; start: number | null; end: number | null } | null
  /** A submit the browser's own checks stopped: the scripted form shows its messages at once. */
  attempted: boolean
}

export function takeOver(form: HTMLFormElement, attempted: boolean): Takeover {
  const values: Record<string, string> = {}
  const photos: File[] = []
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value
    // A file input left empty sends one nameless, empty file.
    else if (value.name) photos.push(value)
  }
  const active = document.activeElement
  let focus: Takeover['focus'] = null
  if (
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    form.contains(active)
  ) {
    focus = { name: active.name, start: null, end: null }
    try {
      focus.start = active.selectionStart
      focus.end = active.selectionEnd
    } catch {
      // e-mail inputs have no caret position to read
    }
  }
  return { values, photos, focus, attempted }
}

export function restoreFocus(form: HTMLFormElement, focus: Takeover['focus']): void {
  if (!focus) return
  const field = form.elements.namedItem(focus.name)
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
  field.focus()
  if (focus.start === null || focus.end === null) return
  try {
    field.setSelectionRange(focus.start, focus.end)
  } catch {
    // e-mail inputs have no caret position to set
  }
}

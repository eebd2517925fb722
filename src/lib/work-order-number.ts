// A work order's human number, as the portal, the back office and the dealer's paperwork show it.
export function workOrderLabel(order: { id: number; number?: number | null }): string {
  return order.number ? `WO-${String(order.number).padStart(4, '0')}` : `Work order ${order.id}`
}

/** "B201 · 2019 Honda Accord", or just "B201" for a car pasted without its year, make and model. */
export function carTitle(
  car: { stockNumber: string; year?: number | null; make?: string | null; model?: string | null },
  ...more: (string | null | undefined)[]
): string {
  const named = [car.year, car.make, car.model, ...more].filter(Boolean).join(' ')
  return named ? `${car.stockNumber} · ${named}` : car.stockNumber
}

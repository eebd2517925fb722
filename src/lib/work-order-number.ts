// A work order's human number, as the portal, the back office and the dealer's paperwork show it.
export function workOrderLabel(order: { id: number; number?: number | null }): string {
  return order.number ? `WO-${String(order.number).padStart(4, '0')}` : `Work order ${order.id}`
}

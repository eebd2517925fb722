import type { Payload, TypedUser } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { HomePageMenuItems } from './home-page-menu.client'

// Payload's slot for a global's ⋮ menu items (admin.components.elements.UnpublishButton):
// without an item of ours the menu of a global with drafts opens empty whenever Unpublish
// does not apply. Rendered only for those who may save the page.
export async function HomePageMenu({ payload, user }: { payload: Payload; user?: TypedUser | null }) {
  const { docs } = await payload.findGlobalVersions({
    slug: 'home-page',
    sort: 'createdAt',
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: false,
    user,
  })
  const first = docs[0]
  const href = first
    ? formatAdminURL({
        adminRoute: payload.config.routes.admin,
        path: `/globals/home-page/versions/${first.id}`,
      })
    : null
  return <HomePageMenuItems firstVersionHref={href} />
}

'use client'

import { PopupList, UnpublishButton } from '@payloadcms/ui'

// The home page editor's ⋮ menu: Payload's Unpublish (shown only when it applies) and the way
// back to the spec's page, the global's first version, where Payload's "Restore this version"
// brings its texts and prices back.
export function HomePageMenuItems({ firstVersionHref }: { firstVersionHref: string | null }) {
  return (
    <>
      <UnpublishButton />
      {firstVersionHref ? (
        <PopupList.Button id="action-first-version" href={firstVersionHref}>
          Restore the first version
        </PopupList.Button>
      ) : null}
    </>
  )
}

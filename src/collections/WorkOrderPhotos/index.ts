import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { approvedStaff } from '@/access/approvedStaff'
import { staffOrOwnDealership } from '@/access/staffOrOwnDealership'
import { staffOrPartner } from '@/access/staffOrPartner'
import { CUSTOMER_PHOTO_MIME_TYPES, PHOTO_THUMBNAIL } from '@/collections/CustomerUploads'
import { dealershipField } from '@/fields/dealership'
import { timestampFields } from '@/fields/timestamps'
import { UPLOADS_DIR } from '@/server/paths'

import { keepCleanedPhoto } from '@/collections/CustomerUploads/hooks/keepCleanedPhoto'

import { cleanPartnerPhoto } from './hooks/cleanPartnerPhoto'
import { limitDealershipUploads } from './hooks/limitDealershipUploads'
import { tieToDealership } from '@/hooks/tieToDealership'

// Before and after photos of a dealership's wheels. Private: staff and that dealership's
// partners read them, through Payload's access-checked file route.
export const WorkOrderPhotos: CollectionConfig = {
  slug: 'work-order-photos',
  admin: { group: 'Dealer partners', defaultColumns: ['filename', 'dealership', 'createdAt'] },
  access: {
    create: staffOrPartner,
    read: staffOrOwnDealership,
    update: approvedStaff,
    delete: approvedStaff,
  },
  upload: {
    staticDir: path.join(UPLOADS_DIR, 'work-order-photos'),
    mimeTypes: CUSTOMER_PHOTO_MIME_TYPES,
    imageSizes: [PHOTO_THUMBNAIL],
    adminThumbnail: 'thumbnail',
  },
  // Cleaned first, so the limit counts the bytes kept.
  hooks: {
    beforeOperation: [keepCleanedPhoto, cleanPartnerPhoto, limitDealershipUploads],
    beforeValidate: [tieToDealership],
  },
  fields: [dealershipField, ...timestampFields],
}

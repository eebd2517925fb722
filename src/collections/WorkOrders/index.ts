import { detailPage } from '@/components/admin/admin-config'
import type { ArrayFieldValidation, CollectionConfig, Field } from 'payload'
import { array } from 'payload/shared'

import { approvedStaff } from '@/access/approvedStaff'
import { nobody } from '@/access/nobody'
import { staffOrOwnDealership } from '@/access/staffOrOwnDealership'
import { staffOrPartner } from '@/access/staffOrPartner'
import { calendarDayField } from '@/fields/calendar-day'
import { dealershipField } from '@/fields/dealership'
import { wheelPositionField, wheelServiceField } from '@/fields/wheel'
import { timestampFields } from '@/fields/timestamps'
import { lockRowsOf } from '@/hooks/lockRows'
import { tieToDealership } from '@/hooks/tieToDealership'
import { isCalendarDate } from '@/lib/calendar-day'
import { WHEEL_POSITIONS } from '@/lib/dealer-prices'
import { checkVin } from '@/lib/vin'
import { MAX_WORK_ORDER_VEHICLES, VEHICLE_STATUSES, WHEEL_STATUSES } from '@/lib/work-order-status'

import { cancelCar, editCar } from './endpoints/carForms'
import { importVehicleList } from './endpoints/importVehicleList'
import { markWheelDone } from './endpoints/markWheelDone'
import { followCarsStatus } from './hooks/followCarsStatus'
import { keepProgressForStaff } from './hooks/keepProgressForStaff'
import { lockStartedCars } from './hooks/lockStartedCars'
import { normalizeVins } from './hooks/normalizeVins'
import { refuseControlCharacters } from './hooks/refuseControlCharacters'
import { numberWorkOrder } from './numbering'
import { photosOfTheDealership } from './hooks/photosOfTheDealership'
import { queueOwnerAlert } from './hooks/queueOwnerAlert'
import { queueWorkOrderProgress } from './hooks/queueWorkOrderProgress'

export const MAX_PHOTOS_PER_WHEEL = 10

const time = (name: string, label: string): Field => ({
  name,
  label,
  type: 'date',
  admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
})

// A car's step, and the work order's (which follows its cars).
const carStatus: Field = {
  name: 'status',
  type: 'select',
  required: true,
  defaultValue: 'received',
  index: true,
  options: VEHICLE_STATUSES.map(({ value, label }) => ({ value, label })),
}

const photos = (name: string, label: string): Field => ({
  name,
  label,
  type: 'upload',
  relationTo: 'work-order-photos',
  hasMany: true,
  maxRows: MAX_PHOTOS_PER_WHEEL,
})

// Payload's own row checks (required, min and max rows) first.
const oneWheelPerPosition: ArrayFieldValidation = (rows, args) => {
  const base = array(rows, args)
  if (base !== true) return base
  const positions = Array.isArray(rows) ? rows.map((r) => (r as { position?: string }).position) : []
  return new Set(positions).size === positions.length || 'Each wheel position once per car.'
}

// A dealership's job: the cars of one PO, each with the wheels to fix. Partners write their
// own dealership's (hooks tie it to them); the cars' and wheels' progress is the shop's.
export const WorkOrders: CollectionConfig = {
  slug: 'work-orders',
  admin: {
    group: 'Dealer partners',
    useAsTitle: 'poNumber',
    // Number, who, when, state: what fits a phone's width.
    defaultColumns: ['number', 'dealership', 'dueDate', 'status'],
    components: {
      views: detailPage('@/components/admin/technician-work-order#TechnicianPage', 'Technician'),
    },
  },
  access: {
    create: staffOrPartner,
    read: staffOrOwnDealership,
    update: staffOrOwnDealership,
    delete: approvedStaff,
  },
  endpoints: [importVehicleList, markWheelDone, editCar, cancelCar],
  hooks: {
    // A partner's save reads the order, then writes it whole: locked first, it waits for a
    // technician's "Mark done" in flight and reads the wheel done (lockRows.ts).
    beforeOperation: [lockRowsOf('work-orders')],
    beforeValidate: [refuseControlCharacters, tieToDealership, normalizeVins],
    beforeChange: [
      keepProgressForStaff,
      lockStartedCars,
      photosOfTheDealership,
      followCarsStatus,
      numberWorkOrder,
    ],
    afterChange: [queueOwnerAlert, queueWorkOrderProgress],
  },
  fields: [
    // The human number (WO-0042), taken from a counter as the order is made (numbering.ts).
    {
      name: 'number',
      label: 'Work order number',
      type: 'number',
      unique: true,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    dealershipField,
    { name: 'poNumber', label: 'PO number', type: 'text', maxLength: 60, index: true },
    { name: 'roNumber', label: 'RO number', type: 'text', maxLength: 60, index: true },
    calendarDayField({
      name: 'dueDate',
      validate: (value: unknown) =>
        value == null ||
        value === '' ||
        isCalendarDate(value) ||
        'The due date is a calendar day (YYYY-MM-DD).',
    }),
    { name: 'notes', type: 'textarea', maxLength: 2000 },
    {
      ...carStatus,
      admin: { readOnly: true, position: 'sidebar', description: "Follows the cars' status." },
    },
    {
      name: 'vehicles',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: MAX_WORK_ORDER_VEHICLES,
      fields: [
        { name: 'stockNumber', type: 'text', required: true, maxLength: 40 },
        {
          name: 'vin',
          label: 'VIN',
          type: 'text',
          required: true,
          index: true,
          validate: (value: unknown) => {
            const result = checkVin(value)
            return result.ok || result.message
          },
        },
        // The dealership's repair order for this car, when each car has its own.
        { name: 'roNumber', label: 'RO number', type: 'text', maxLength: 60 },
        { name: 'year', type: 'number', min: 1980, max: 2100 },
        { name: 'make', type: 'text', maxLength: 60 },
        { name: 'model', type: 'text', maxLength: 60 },
        { name: 'colour', type: 'text', maxLength: 40 },
        { name: 'lotLocation', type: 'text', maxLength: 100 },
        carStatus,
        time('receivedAt', 'Received at'),
        time('scheduledAt', 'Scheduled at'),
        time('startedAt', 'Started at'),
        time('doneAt', 'Done at'),
        {
          name: 'wheels',
          type: 'array',
          required: true,
          minRows: 1,
          maxRows: WHEEL_POSITIONS.length,
          validate: oneWheelPerPosition,
          fields: [
            wheelPositionField,
            wheelServiceField,
            photos('beforePhotos', 'Before photos'),
            photos('afterPhotos', 'After photos'),
            {
              name: 'status',
              type: 'select',
              required: true,
              defaultValue: 'to_do',
              options: WHEEL_STATUSES.map(({ value, label }) => ({ value, label })),
            },
            time('doneAt', 'Done at'),
          ],
        },
      ],
    },
    ...timestampFields,
  ],
  timestamps: true,
}

import type { Persona } from './payload'

// THE ACCESS MATRIX: who may do what, for every collection and global.
// tests/int/access-{local,rest,graphql}.int.spec.ts run every cell of this table through
// the Local API (overrideAccess: false), REST and GraphQL; tests/helpers/access-suite.ts
// says exactly what each outcome means and checks the database after every case (a
// refused write leaves every row of the collection as it was; an allowed one changes
// exactly the target row, with exactly the expected data).
//
// Outcomes:
//   allow       succeeds; the row holds exactly the data sent (after the collection's own
//               normalisation, e.g. upper-cased codes); a read returns every document with
//               every field.
//   deny        refused as Forbidden: 403 "You are not allowed to perform this action."
//               (REST status, GraphQL error extensions, Local API Forbidden error); no row
//               created, changed or deleted; a read returns no document.
//   signed-out  (gallery item create) refused as the spec says: 401 "User not
//               authenticated"; no row created.
//   as-new      (lead create) succeeds, but status is 'new' whatever was sent.
//   sign-up     (user create) succeeds as role 'staff', approved false, whatever role and
//               approval were sent.
//   public      (read) every document, without the staff-only fields (gallery-items
//               createdBy; site-settings notificationRecipients and notificationPhones).
//   live-only   (promotions read) only promotions that are active and have no end date or
//               one in the future, and only the banner fields; another promotion's id
//               answers 404 Not Found.
//   own-only    (users read) the list holds only the caller's own account; another
//               account's id answers 404 Not Found.
//   own-fields  (update of one's own account) the e-mail changes; role and approved keep
//               their values although the request sets role 'admin' and approved true.
//   n/a         no such operation.
//
// A partner (a dealership's account) is never staff: outside its dealership's own work
// (tests/int/access-partner.int.spec.ts) it has what a signed-in, unapproved account has.
//
// Subjects: 'users' is another person's account (create = a new account), 'users:own' the
// caller's own account. An admin deleting their own account is left to
// tests/int/users.int.spec.ts (it would remove the persona the other cases use).
// Payload's GraphQL API has no file upload: there, an allowed create of an upload
// collection answers 400 "No files were uploaded." (MissingFile) and creates nothing.

export const OPS = ['create', 'read', 'update', 'delete'] as const
export type Op = (typeof OPS)[number]

export type Outcome =
  | 'allow'
  | 'deny'
  | 'signed-out'
  | 'as-new'
  | 'sign-up'
  | 'public'
  | 'live-only'
  | 'own-only'
  | 'own-fields'
  | 'n/a'

export const SUBJECTS = [
  'leads',
  'gallery-items',
  'promotions',
  'gallery-images',
  'customer-uploads',
  'users',
  'users:own',
  'site-settings',
  'site-pages',
  'text-messages',
  'text-opt-outs',
  'invoices',
  'payments',
  'statement-credits',
] as const
export type Subject = (typeof SUBJECTS)[number]

// [create, read, update, delete]
type Row = readonly [Outcome, Outcome, Outcome, Outcome]

// prettier-ignore
export const ACCESS_MATRIX: Record<Subject, Record<Persona, Row>> = {
  //                    create      read         update        delete
  'leads': {
    anonymous:        ['as-new',  'deny',      'deny',       'deny'],
    unapproved:       ['as-new',  'deny',      'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['as-new',  'deny',      'deny',       'deny'],
  },
  'gallery-items': {
    anonymous:      ['signed-out', 'public',    'deny',       'deny'],
    unapproved:       ['deny',    'public',    'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'public',    'deny',       'deny'],
  },
  'promotions': {
    anonymous:        ['deny',    'live-only', 'deny',       'deny'],
    unapproved:       ['deny',    'live-only', 'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'live-only', 'deny',       'deny'],
  },
  'gallery-images': {
    anonymous:        ['deny',    'allow',     'deny',       'deny'],
    unapproved:       ['deny',    'allow',     'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'allow',     'deny',       'deny'],
  },
  'customer-uploads': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
  'users': {
    anonymous:        ['sign-up', 'deny',      'deny',       'deny'],
    unapproved:       ['sign-up', 'own-only',  'deny',       'deny'],
    staff:            ['sign-up', 'own-only',  'deny',       'deny'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['sign-up', 'own-only',  'deny',       'deny'],
  },
  'users:own': {
    anonymous:        ['n/a',     'n/a',       'n/a',        'n/a'],
    unapproved:       ['n/a',     'allow',     'own-fields', 'deny'],
    staff:            ['n/a',     'allow',     'own-fields', 'deny'],
    admin:            ['n/a',     'allow',     'own-fields', 'n/a'],
    partner:          ['n/a',     'allow',     'own-fields', 'deny'],
  },
  'site-settings': {
    anonymous:        ['n/a',     'public',    'deny',       'n/a'],
    unapproved:       ['n/a',     'public',    'deny',       'n/a'],
    staff:            ['n/a',     'allow',     'deny',       'n/a'],
    admin:            ['n/a',     'allow',     'allow',      'n/a'],
    partner:          ['n/a',     'public',    'deny',       'n/a'],
  },
  'site-pages': {
    anonymous:        ['n/a',     'allow',     'deny',       'n/a'],
    unapproved:       ['n/a',     'allow',     'deny',       'n/a'],
    staff:            ['n/a',     'allow',     'deny',       'n/a'],
    admin:            ['n/a',     'allow',     'allow',      'n/a'],
    partner:          ['n/a',     'allow',     'deny',       'n/a'],
  },
  // Customers' texts and their numbers: read by approved staff, written by the server only.
  'text-messages': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['deny',    'allow',     'deny',       'deny'],
    admin:            ['deny',    'allow',     'deny',       'deny'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
  'text-opt-outs': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['deny',    'allow',     'deny',       'deny'],
    admin:            ['deny',    'allow',     'deny',       'deny'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
  // Customers' bills: approved staff write drafts (a sent one is final: invoices.int.spec.ts).
  'invoices': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['allow',   'allow',     'allow',      'allow'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
  // Money received: recorded by staff or Stripe, never edited or deleted.
  'payments': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['allow',   'allow',     'deny',       'deny'],
    admin:            ['allow',   'allow',     'deny',       'deny'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
  // Corrections a dealership's next statement carries: added by admins, read by staff (the
  // statements themselves: tests/int/access-partner.int.spec.ts and statements.int.spec.ts).
  'statement-credits': {
    anonymous:        ['deny',    'deny',      'deny',       'deny'],
    unapproved:       ['deny',    'deny',      'deny',       'deny'],
    staff:            ['deny',    'allow',     'deny',       'deny'],
    admin:            ['allow',   'allow',     'allow',      'allow'],
    partner:          ['deny',    'deny',      'deny',       'deny'],
  },
}

export type MatrixCase = { subject: Subject; persona: Persona; op: Op; outcome: Outcome }

export function matrixCases(): MatrixCase[] {
  const cases: MatrixCase[] = []
  for (const subject of SUBJECTS) {
    for (const persona of ['anonymous', 'unapproved', 'staff', 'admin', 'partner'] as const) {
      OPS.forEach((op, i) => {
        const outcome = ACCESS_MATRIX[subject][persona][i]
        if (outcome !== 'n/a') cases.push({ subject, persona, op, outcome })
      })
    }
  }
  return cases
}

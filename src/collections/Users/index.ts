import type { CollectionConfig } from 'payload'

import { adminsField } from '@/access/adminsField'
import { admins } from '@/access/admins'
import { adminsOrSelf } from '@/access/adminsOrSelf'
import { anyone } from '@/access/anyone'
import { isApprovedStaff } from '@/access/isApprovedStaff'
import { nobody } from '@/access/nobody'
import { servedOverHttps } from '@/lib/server-url'
import { timestampFields } from '@/fields/timestamps'

import { verificationEmailHTML } from './verificationEmail'
import { assignRoleOnCreate } from './hooks/assignRoleOnCreate'
import { protectLastAdminOnChange, protectLastAdminOnDelete } from './hooks/protectLastAdmin'
import { enforcePasswordPolicy } from './hooks/enforcePasswordPolicy'
import { forgiveSuccessfulLogin, limitAuthAttempts } from './hooks/limitAuthAttempts'
import { hideUnknownAccounts, refuseCrossSiteLogin } from './hooks/guardLogin'
import {
  answerKnownAddressAsCreated,
  answerNewAddressAlike,
  refuseKnownAddress,
} from './hooks/answerSignUpAlike'
import { currentPasswordField, requireCurrentPassword } from './hooks/requireCurrentPassword'
import { refuseMalformedCredentials } from './hooks/refuseMalformedCredentials'
import { announceEmailChange, reverifyChangedEmail } from './hooks/reverifyChangedEmail'
import { acceptInvitation, invitationFields } from './invitation'
import { signUpMethodField } from './signUpMethod'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'role', 'approved', '_verified', 'signUpMethod', 'createdAt'],
  },
  auth: {
    // Payload's default link would point inside /admin.
    verify: {
      generateEmailHTML: verificationEmailHTML,
      generateEmailSubject: () => 'Confirm your Curbside Rim Co. account',
    },
    // An account-wide lock would let a stranger keep the owner out; see limitAuthAttempts.ts.
    maxLoginAttempts: 0,
    tokenExpiration: 60 * 60 * 8,
    cookies: {
      sameSite: 'Lax',
      secure: process.env.NODE_ENV === 'production' && servedOverHttps(),
    },
  },
  access: {
    // Gates the panel only; the operations below gate every API.
    admin: ({ req: { user } }) => isApprovedStaff(user),
    // New accounts wait for approval.
    create: anyone,
    read: adminsOrSelf,
    update: adminsOrSelf,
    delete: admins,
    unlock: admins,
  },
  hooks: {
    // The limit before the checks: a refused or malformed attempt still counts.
    beforeOperation: [
      refuseCrossSiteLogin,
      limitAuthAttempts,
      refuseMalformedCredentials,
      enforcePasswordPolicy,
      requireCurrentPassword,
      hideUnknownAccounts,
      refuseKnownAddress,
      acceptInvitation,
    ],
    afterOperation: [answerNewAddressAlike],
    afterError: [answerKnownAddressAsCreated],
    afterLogin: [forgiveSuccessfulLogin],
    beforeChange: [assignRoleOnCreate, protectLastAdminOnChange, reverifyChangedEmail],
    afterChange: [announceEmailChange],
    beforeDelete: [protectLastAdminOnDelete],
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'staff',
      options: [
        { label: 'Admin', value: 'admin' },
        { label: 'Staff', value: 'staff' },
        // A dealership's account: the partner portal only, never the back office.
        { label: 'Dealer partner', value: 'partner' },
      ],
      access: { create: adminsField, update: adminsField },
      admin: { position: 'sidebar' },
    },
    {
      name: 'approved',
      type: 'checkbox',
      required: true,
      defaultValue: false,
      index: true,
      access: { create: adminsField, update: adminsField },
      admin: {
        position: 'sidebar',
        description: 'Only approved accounts can open the back office or read any business data.',
      },
    },
    {
      name: 'dealership',
      type: 'relationship',
      relationTo: 'dealerships',
      index: true,
      access: { create: adminsField, update: adminsField },
      admin: { position: 'sidebar', condition: (data) => data?.role === 'partner' },
      validate: (value: unknown, { siblingData }: { siblingData: { role?: string } }) =>
        siblingData?.role !== 'partner' || value != null || 'A dealer partner belongs to a dealership.',
    },
    {
      // The Google account (OpenID subject) linked to this user by Google sign-in.
      name: 'googleSubject',
      type: 'text',
      unique: true,
      index: true,
      access: { create: nobody, update: nobody, read: adminsField },
      admin: { position: 'sidebar', readOnly: true, condition: (data) => Boolean(data?.googleSubject) },
    },
    {
      // Merged with Payload's auth.verify field, whose default access lets any signed-in account
      // mark an account verified, skipping the e-mail check.
      name: '_verified',
      label: 'E-mail confirmed',
      type: 'checkbox',
      access: { create: adminsField, update: adminsField },
      admin: { position: 'sidebar', description: 'Set when the owner of the address confirms it.' },
    },
    signUpMethodField,
    currentPasswordField,
    ...invitationFields,
    ...timestampFields,
  ],
  timestamps: true,
}

'use client'

import { PasswordField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

export const CurrentPasswordField: TextFieldClientComponent = ({ field, path }) => (
  <PasswordField field={field} path={path ?? field.name} autoComplete="current-password" />
)

'use client'

import { ConfirmationModal, useModal, useTranslation } from '@payloadcms/ui'
import type { ReactNode } from 'react'

import { ActionButton } from './action-button.client'

type Confirmed = {
  modalSlug: string
  label: string
  heading: string
  question: ReactNode
  confirmLabel?: string
  onConfirm: () => Promise<void>
}

// A destructive action behind Payload's confirmation modal; disabled until it can open it.
export function ConfirmButton(props: Confirmed) {
  const { openModal } = useModal()
  return (
    <>
      <ActionButton look="danger" onClick={() => openModal(props.modalSlug)}>
        {props.label}
      </ActionButton>
      <ConfirmationModal
        modalSlug={props.modalSlug}
        heading={props.heading}
        body={props.question}
        confirmLabel={props.confirmLabel}
        onConfirm={props.onConfirm}
      />
    </>
  )
}

export function DeleteButton(props: { modalSlug: string; question: string; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation()
  return <ConfirmButton {...props} label="Delete" heading={t('general:confirmDeletion')} />
}

'use client'

import { Button, ConfirmationModal, useModal, useTranslation } from '@payloadcms/ui'

import { useHydrated } from './use-hydrated'

export function DeleteButton(props: { modalSlug: string; question: string; onConfirm: () => Promise<void> }) {
  const { openModal } = useModal()
  const { t } = useTranslation()
  const hydrated = useHydrated()
  return (
    <>
      <Button
        buttonStyle="error"
        size="small"
        margin={false}
        disabled={!hydrated}
        onClick={() => openModal(props.modalSlug)}
      >
        Delete
      </Button>
      <ConfirmationModal
        modalSlug={props.modalSlug}
        heading={t('general:confirmDeletion')}
        body={props.question}
        onConfirm={props.onConfirm}
      />
    </>
  )
}

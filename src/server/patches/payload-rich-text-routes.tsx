// Part of the lean import map workaround (payload-admin-import-map.ts): the routes that edit
// rich text (the job postings and the site's pages) get their own page and layout files under
// src/app/(payload)/admin, built here. Next loads a route's client code by the files its page
// and layouts import, so only these routes carry Lexical's editor.
import config from '@payload-config'
import { handleServerFunctions } from '@payloadcms/next/layouts'
import { generatePageMetadata, NotFoundPage, RootPage } from '@payloadcms/next/views'
import { ServerFunctionsProvider } from '@payloadcms/ui'
import type { Metadata } from 'next'
import type { ServerFunctionClient } from 'payload'
import React from 'react'

import { importMap as fullImportMap } from '@/app/(payload)/admin/importMap.js'

import { importMap } from './payload-admin-import-map'

Object.assign(importMap, fullImportMap)

type Args = {
  params?: Promise<{ segments?: string[] }>
  searchParams: Promise<{ [key: string]: string | string[] }>
}

// The route's folder fixes the first two segments that Payload's catch-all would have read.
const withPrefix =
  (prefix: [string, string]) =>
  ({ params, searchParams }: Args) => ({
    config,
    importMap,
    // A not-found view is rendered without params.
    params: Promise.resolve(params).then((p) => ({ segments: [...prefix, ...(p?.segments ?? [])] })),
    searchParams,
  })

export const richTextRoute = (prefix: [string, string]) => {
  const args = withPrefix(prefix)
  return {
    generateMetadata: (props: Args): Promise<Metadata> => generatePageMetadata(args(props)),
    Page: (props: Args) => RootPage(args(props)),
    NotFound: (props: Args) => NotFoundPage(args(props)),
  }
}

// The form state of a rich-text field is rendered on the server with the editor's
// entries. The root layout's server function hands Payload the process-wide map, which
// lacks them on an instance that has not loaded this file yet; this one loads it first.
const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return handleServerFunctions({ ...args, config, importMap })
}

export const RichTextLayout = ({ children }: { children: React.ReactNode }) => (
  <ServerFunctionsProvider serverFunction={serverFunction}>{children}</ServerFunctionsProvider>
)

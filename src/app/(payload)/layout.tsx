// Payload's generated layout, changed by hand: the back office's import map
// (src/server/patches/payload-admin-import-map.ts), its own CSS and the navigation patch's CSS.
// `npm run generate` does not rewrite it.
import config from '@payload-config'
import '@payloadcms/next/css'
import type { ServerFunctionClient } from 'payload'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import React from 'react'

import { importMap } from '@/server/patches/payload-admin-import-map'
import './custom.css'
import '@/server/patches/payload-nav-first-frame.css'

type Args = {
  children: React.ReactNode
}

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return handleServerFunctions({
    ...args,
    config,
    importMap,
  })
}

const Layout = ({ children }: Args) => (
  <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
    {children}
  </RootLayout>
)

export default Layout

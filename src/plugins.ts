import type { Plugin } from 'payload'

import { storagePlugin } from '@/lib/s3'

export const plugins: Plugin[] = [storagePlugin()]

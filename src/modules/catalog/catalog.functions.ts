import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { LOCALES } from '~/modules/i18n/locales'
import { listNavigation } from './catalog.server'

export const getNavigation = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES) }))
  .handler(async ({ data }) => listNavigation(await getDb(), data.locale))

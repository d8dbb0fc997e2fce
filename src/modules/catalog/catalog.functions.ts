import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { LOCALES } from '~/modules/i18n/locales'
import { listNavigation } from './catalog.server'

export const getNavigation = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES) }))
  .handler(answer('anyone', ({ db, data }) => listNavigation(db, data.locale)))

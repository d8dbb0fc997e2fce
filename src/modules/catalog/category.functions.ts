import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { LOCALES } from '~/modules/i18n/locales'
import { getCategoryPage } from './category.server'

export const getCategory = createServerFn({ method: 'GET' })
  .validator(z.object({ code: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/i), locale: z.enum(LOCALES) }))
  .handler(answer('anyone', ({ db, data }) => getCategoryPage(db, data.code, data.locale)))

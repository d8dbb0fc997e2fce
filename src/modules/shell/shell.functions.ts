import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { resolveRequestLocale } from '~/modules/i18n/locale.server'
import { shellInfo } from './shell.server'

export const getRequestLocale = createServerFn({ method: 'GET' })
  .validator(z.object({ pathname: z.string().max(4096) }))
  .handler(({ data }) => resolveRequestLocale(data.pathname))

export const getShellInfo = createServerFn({ method: 'GET' }).handler(() => shellInfo())

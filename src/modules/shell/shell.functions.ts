import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { resolveRequestLocale } from '~/modules/i18n/locale.server'
import { shellInfo } from './shell.server'

export const getRequestLocale = createServerFn({ method: 'GET' })
  .validator(z.object({ pathname: z.string().max(4096) }))
  .handler(answer('anyone', ({ data }) => resolveRequestLocale(data.pathname)))

export const getShellInfo = createServerFn({ method: 'GET' }).handler(answer('anyone', () => shellInfo()))

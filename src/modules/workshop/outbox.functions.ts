/** The offline outbox for the workshop page: open outside production, or with WORKSHOP_TOKEN. */
import { createServerFn } from '@tanstack/react-start'
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { config } from '../../../app.config'
import { answer } from '~/modules/door/server-fn.server'
import { listOutbox } from '~/server/mail/outbox'

function allowed(token: string | undefined): boolean {
  const { NODE_ENV, WORKSHOP_TOKEN } = config()
  if (NODE_ENV !== 'production') return true
  if (!WORKSHOP_TOKEN || !token) return false
  const a = Buffer.from(token)
  const b = Buffer.from(WORKSHOP_TOKEN)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const listOutboxFn = createServerFn({ method: 'GET' })
  .validator(z.object({ token: z.string().max(200).optional() }))
  .handler(
    answer('anyone', async ({ data }) => {
      if (!allowed(data.token)) return { allowed: false as const, messages: [] }
      return { allowed: true as const, messages: config().SMTP_URL ? [] : await listOutbox(50) }
    }),
  )

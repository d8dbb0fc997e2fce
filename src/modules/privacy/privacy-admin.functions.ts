/** The back office's door to privacy requests (admins only). */
import { createServerFn } from '@tanstack/react-start'
import { answer } from '~/modules/door/server-fn.server'
import { listPrivacyRequests } from './privacy-admin.server'

export const adminPrivacyRequestsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db }) => listPrivacyRequests(db)),
)

import { createServerFn } from '@tanstack/react-start'
import { answer } from '~/modules/door/server-fn.server'
import { AppError } from '~/modules/errors/app-error'
import { hasWorkshopAccess, monitorSnapshot } from './monitor.server'

export const getMonitorAccess = createServerFn({ method: 'GET' }).handler(answer('anyone', () => hasWorkshopAccess()))

export const getMonitorSnapshot = createServerFn({ method: 'GET' }).handler(
  answer('anyone', () => {
    if (!hasWorkshopAccess()) throw new AppError('FORBIDDEN', 'Workshop access required')
    return monitorSnapshot()
  }),
)

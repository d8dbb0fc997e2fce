import { createServerFn } from '@tanstack/react-start'
import { AppError } from '~/modules/errors/app-error'
import { hasWorkshopAccess, monitorSnapshot } from './monitor.server'

export const getMonitorAccess = createServerFn({ method: 'GET' }).handler(() => hasWorkshopAccess())

export const getMonitorSnapshot = createServerFn({ method: 'GET' }).handler(async () => {
  if (!hasWorkshopAccess()) throw new AppError('FORBIDDEN', 'Workshop access required')
  return monitorSnapshot()
})

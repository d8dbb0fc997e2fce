import { createServerFn } from '@tanstack/react-start'
import { getDb } from '../../server/db/client'
import { listNavigation } from './catalog.server'

export const getNavigation = createServerFn({ method: 'GET' }).handler(async () => listNavigation(await getDb()))

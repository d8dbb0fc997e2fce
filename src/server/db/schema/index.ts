/** The whole database schema: drizzle-kit reads this file, and the client types queries with it. */
export * from './accounts'
export * from './affiliate'
export * from './catalog'
export * from './cms'
export * from './coupons'
export * from './jobs'
export * from './meta'
export * from './orders'

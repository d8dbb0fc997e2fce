/**
 * The supplier port's registry, as payments/gateways.server.ts is for gateways: use cases ask for
 * one here and never construct one. Which suppliers this build has is the composition root's
 * choice (src/app/adapters.ts), installed once per process by wireApp().
 */
import type { Db } from '~/server/db/client'
import type { Supplier } from './supplier'

export interface Suppliers {
  /** The supplier new orders go to. */
  defaultName: string
  /** The supplier of that name, or undefined when this build has none by that name. */
  byName(db: Db, name: string): Supplier | undefined
}

let installed: Suppliers | undefined

export function installSuppliers(suppliers: Suppliers): void {
  installed = suppliers
}

function installedSuppliers(): Suppliers {
  if (!installed) throw new Error('suppliers are not wired: call wireApp() (src/app/wiring.ts) first')
  return installed
}

/** The name of the supplier new orders go to. */
export function defaultSupplierName(): string {
  return installedSuppliers().defaultName
}

/** The suppliers new orders go to (one today): the balance job and the dashboard look at them. */
export function installedSupplierNames(): string[] {
  return [installedSuppliers().defaultName]
}

/** The supplier of that name, or undefined (a callback naming a supplier we do not have). */
export function findSupplier(db: Db, name: string): Supplier | undefined {
  return installedSuppliers().byName(db, name)
}

export function supplierFor(db: Db, name: string = installedSuppliers().defaultName): Supplier {
  const supplier = installedSuppliers().byName(db, name)
  if (!supplier) throw new Error(`unknown supplier ${name}`)
  return supplier
}

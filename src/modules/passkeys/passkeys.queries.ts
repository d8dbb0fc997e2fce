import { queryOptions } from '@tanstack/react-query'
import { myPasskeysFn } from './passkeys.functions'

export const PASSKEYS_KEY = ['passkeys'] as const

/** The signed-in account's passkeys (the profile's list). */
export const myPasskeysQuery = () => queryOptions({ queryKey: PASSKEYS_KEY, queryFn: () => myPasskeysFn() })

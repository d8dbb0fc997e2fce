/** SPEC §8: a missing message warns in development, and is reported once in production. */
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { watchMissingMessages } from '../../src/modules/i18n/missing-messages'

function render(dev: boolean, times: number, id: string) {
  const warnings: string[] = []
  const i18n = setupI18n({ locale: 'fr', messages: { fr: { known: 'connu' } } })
  watchMissingMessages(i18n, { dev, warn: (text) => warnings.push(text) })
  watchMissingMessages(i18n, { dev, warn: (text) => warnings.push(text) }) // subscribing twice changes nothing
  for (let i = 0; i < times; i++) {
    i18n._('known')
    i18n._(id)
  }
  return warnings
}

describe('missing messages', () => {
  it('warns on every render in development', () => {
    expect(render(true, 3, 'dev-missing')).toEqual(Array(3).fill('Missing message "dev-missing" in the "fr" catalog'))
  })

  it('is reported once per locale and id in production, even across i18n instances', () => {
    expect(render(false, 5, 'prod-missing')).toEqual(['Missing message "prod-missing" in the "fr" catalog'])
    expect(render(false, 5, 'prod-missing')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { sortGames, type GameCard } from '../../src/modules/catalog/category.schemas'
import { formatMoney, decimalToMinor, toDecimalString, toLocaleDecimalString } from '../../src/modules/catalog/money'
import { findRedirect, isSitePath } from '../../src/modules/cms/redirects'
import { renderRobots, renderSitemap } from '../../src/modules/cms/sitemap.server'
import { validatePlayerForm } from '../../src/modules/fulfilment/player-form'
import { createSandboxSupplier, sandboxNickname } from '../../src/server/fulfilment/sandbox/supplier.server'
import { jsonLd } from '../../src/modules/shell/head'

describe('money', () => {
  it('formats integer minor units per locale and builds decimal strings without floats', () => {
    expect(formatMoney(1499, 'USD', 'en')).toBe('$14.99')
    expect(formatMoney(1499, 'EUR', 'de')).toMatch(/^14,99\s€$/)
    expect(formatMoney(134900, 'RUB', 'ru')).toMatch(/^1\s349,00\s₽$/)
    expect(toDecimalString(1499, 'USD')).toBe('14.99')
    expect(toDecimalString(5, 'EUR')).toBe('0.05')
    expect(toDecimalString(0, 'EUR')).toBe('0.00')
    expect(toDecimalString(899900, 'RUB')).toBe('8999.00')
    expect(toDecimalString(500, 'JPY')).toBe('500')
    expect(() => toDecimalString(1.5, 'USD')).toThrow()
  })

  it('writes a prefilled amount with the locale’s decimal separator, and reads it back', () => {
    expect(toLocaleDecimalString(1499, 'EUR', 'de')).toBe('14,99')
    expect(toLocaleDecimalString(1499, 'USD', 'en')).toBe('14.99')
    expect(toLocaleDecimalString(134900, 'RUB', 'ru')).toBe('1349,00')
    expect(toLocaleDecimalString(500, 'JPY', 'fr')).toBe('500')
    for (const locale of ['en', 'fr', 'pt', 'es', 'de', 'ru']) {
      expect(decimalToMinor(toLocaleDecimalString(123456, 'EUR', locale), 'EUR')).toBe(123456)
    }
  })

  it('reads a typed decimal amount as minor units, refusing what is not one', () => {
    expect(decimalToMinor('12.99', 'USD')).toBe(1299)
    expect(decimalToMinor(' 12,5 ', 'EUR')).toBe(1250)
    expect(decimalToMinor('7', 'RUB')).toBe(700)
    expect(decimalToMinor('0.01', 'USD')).toBe(1)
    expect(decimalToMinor('500', 'JPY')).toBe(500)
    expect(decimalToMinor(toDecimalString(899900, 'RUB'), 'RUB')).toBe(899900)
    for (const bad of ['', '-1', '1.999', '1,000.00', '1e3', 'abc', '5.5', '.5']) {
      expect(decimalToMinor(bad, bad === '5.5' ? 'JPY' : 'USD'), bad).toBeUndefined()
    }
  })
})

describe('player form validation (before any request)', () => {
  const fields = [
    { key: 'playerId', required: true, pattern: '^\\d{6,12}$' },
    {
      key: 'server',
      required: true,
      options: [
        { value: 'eu', label: 'EU' },
        { value: 'na', label: 'NA' },
      ],
    },
  ]
  it.each([
    [{ playerId: 'abcdef', server: 'eu' }, { playerId: 'format' }],
    [{ playerId: '1234567890123', server: 'eu' }, { playerId: 'format' }],
    [{ playerId: '12345', server: 'eu' }, { playerId: 'format' }],
    [
      { playerId: '', server: '' },
      { playerId: 'required', server: 'required' },
    ],
    [{ playerId: '123456', server: 'mars' }, { server: 'option' }],
  ])('%o → %o', (values, issues) => {
    expect(validatePlayerForm(fields, values)).toEqual({ ok: false, issues })
  })
  it('accepts good input (trimmed)', () => {
    expect(validatePlayerForm(fields, { playerId: ' 123456 ', server: 'na' })).toEqual({
      ok: true,
      values: { playerId: '123456', server: 'na' },
    })
  })
})

describe('sandbox supplier', () => {
  const supplier = createSandboxSupplier(async (slug) =>
    slug === 'with-servers' ? ['eu', 'na'] : slug === 'plain' ? null : undefined,
  )
  it('applies the contract and derives a stable nickname', async () => {
    expect(await supplier.checkPlayer('plain', '123456')).toEqual({ ok: true, nickname: sandboxNickname('123456') })
    expect(sandboxNickname('123456')).toBe(sandboxNickname('123456'))
    expect(sandboxNickname('123456')).not.toBe(sandboxNickname('123457'))
    expect(await supplier.checkPlayer('plain', '900000')).toEqual({ ok: false, code: 'PLAYER_NOT_FOUND' })
    expect(await supplier.checkPlayer('plain', '12a456')).toEqual({ ok: false, code: 'INVALID_PLAYER_ID' })
    expect(await supplier.checkPlayer('with-servers', '123456', 'eu')).toMatchObject({ ok: true })
    expect(await supplier.checkPlayer('with-servers', '123456', 'asia')).toEqual({ ok: false, code: 'WRONG_SERVER' })
    await expect(supplier.checkPlayer('nope', '123456')).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('redirect lookup', () => {
  const map = { '/faq': { to: '/how-to-buy', status: 301 as const }, '/x': { to: '/news?tab=1', status: 302 as const } }
  it('keeps the locale prefix and the query', () => {
    expect(findRedirect(map, '/faq')).toEqual({ href: '/how-to-buy', status: 301 })
    expect(findRedirect(map, '/ru/faq/', '?a=1')).toEqual({ href: '/ru/how-to-buy?a=1', status: 301 })
    expect(findRedirect(map, '/de/x', '?b=2')).toEqual({ href: '/de/news?tab=1', status: 302 })
    expect(findRedirect(map, '/xx/faq')).toBeNull()
    expect(findRedirect(map, '/how-to-buy')).toBeNull()
  })
  it('accepts only same-site paths as targets', () => {
    expect(isSitePath('/news')).toBe(true)
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', 'news']) {
      expect(isSitePath(bad), bad).toBe(false)
    }
  })
})

describe('category sorting', () => {
  const card = (slug: string, name: string, hot: boolean, sort: number): GameCard => ({
    slug,
    name,
    hot,
    sort,
    cover: '',
    publisher: '',
    kind: 'topup',
    offerId: 1,
  })
  const games = [card('b', 'Zeta', false, 10), card('a', 'Éclair', true, 30), card('c', 'alpha', false, 20)]
  it('sorts popular (hot first, then catalogue order) and by localized name', () => {
    expect(sortGames(games, 'popular', 'en').map((g) => g.slug)).toEqual(['a', 'b', 'c'])
    expect(sortGames(games, 'name', 'fr').map((g) => g.name)).toEqual(['alpha', 'Éclair', 'Zeta'])
  })
})

describe('sitemap and robots', () => {
  it('writes seven variants per page, each with six hreflang alternates and x-default', () => {
    const xml = renderSitemap('https://shop.test', ['/', '/news'])
    expect(xml.match(/<url>/g)).toHaveLength(14)
    expect(xml.match(/<xhtml:link /g)).toHaveLength(14 * 7)
    expect(xml).toContain('<loc>https://shop.test/</loc>')
    expect(xml).toContain('<loc>https://shop.test/ru/news</loc>')
    expect(renderRobots('https://shop.test')).toContain('Sitemap: https://shop.test/sitemap.xml')
  })
})

describe('JSON-LD', () => {
  it('cannot close its script tag', () => {
    const block = jsonLd({ name: '</script><script>alert(1)</script>' })
    expect(block.type).toBe('application/ld+json')
    expect(block.children).not.toContain('</script')
    expect(JSON.parse(block.children)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

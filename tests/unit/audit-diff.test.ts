import { describe, expect, it } from 'vitest'
import { auditDiff } from '../../src/modules/admin/audit-diff'

describe('auditDiff', () => {
  it('lists only the keys that changed, in key order', () => {
    expect(auditDiff({ role: 'customer', email: 'a@x' }, { role: 'admin', email: 'a@x' })).toEqual([
      { key: 'role', before: 'customer', after: 'admin' },
    ])
  })
  it('shows added and removed keys, and compares nested values by content', () => {
    expect(
      auditDiff({ status: 'requested', meta: { n: 1 } }, { status: 'approved', meta: { n: 1 }, ref: 'P-1' }),
    ).toEqual([
      { key: 'ref', before: undefined, after: 'P-1' },
      { key: 'status', before: 'requested', after: 'approved' },
    ])
    expect(auditDiff(null, { answeredAt: '2026-11-25' })).toEqual([
      { key: 'answeredAt', before: undefined, after: '2026-11-25' },
    ])
    expect(auditDiff({ a: 1 }, null)).toEqual([{ key: 'a', before: 1, after: undefined }])
    expect(auditDiff(null, null)).toEqual([])
  })
  it('names a change inside an object by its path: a German rename is the German name alone', () => {
    const names = { en: 'Starfall', fr: 'Starfall', pt: 'Starfall', es: 'Starfall', de: 'Starfall', ru: 'Старфолл' }
    expect(auditDiff({ name: names, slug: 's' }, { name: { ...names, de: 'Sternenfall' }, slug: 's' })).toEqual([
      { key: 'name.de', before: 'Starfall', after: 'Sternenfall' },
    ])
    expect(auditDiff({ tags: ['a'], meta: null }, { tags: ['a', 'b'], meta: { n: 1 } })).toEqual([
      { key: 'meta', before: null, after: { n: 1 } },
      { key: 'tags', before: ['a'], after: ['a', 'b'] },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { StatementNames } from '../../src/server/db/named-statements'

describe('repeated queries get a statement name (ADR 081)', () => {
  it('names a text from its second use, and always the same way after that', () => {
    const names = new StatementNames()
    expect(names.nameFor('select $1')).toBeUndefined()
    const name = names.nameFor('select $1')
    expect(name).toMatch(/^auto_\d+$/)
    expect(names.nameFor('select $1')).toBe(name)
    expect(names.nameFor('select $1::int')).toBeUndefined()
    expect(names.nameFor('select $1::int')).not.toBe(name)
  })

  it('names no more than its bound: later texts go unnamed, named ones keep their name', () => {
    const names = new StatementNames(2)
    for (const text of ['a', 'a', 'b', 'b', 'c', 'c']) names.nameFor(text)
    expect(names.size).toBe(2)
    expect(names.nameFor('c')).toBeUndefined()
    expect(names.nameFor('a')).toBe('auto_1')
    expect(names.nameFor('b')).toBe('auto_2')
  })

  it('forgets one-off texts in bulk rather than growing without end', () => {
    const names = new StatementNames(10, 3)
    for (const text of ['x', 'y', 'z', 'w']) names.nameFor(text) // the fourth clears x, y and z
    expect(names.nameFor('x')).toBeUndefined() // a first use again
    expect(names.nameFor('w')).toMatch(/^auto_/) // w was kept
  })
})

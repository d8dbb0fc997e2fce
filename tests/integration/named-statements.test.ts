/**
 * Repeated parameterised queries go to PostgreSQL as named prepared statements (ADR 081): parsed
 * once per connection, and a failing or aborted use leaves the connection usable.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Pool, type PoolClient } from 'pg'
import { StatementNamingClient } from '../../src/server/db/named-statements'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'

describeOnPostgres('named statements on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let pool: Pool
  let client: PoolClient

  beforeAll(async () => {
    database = await createThrowawayDatabase('postgres', 'named_statements')
    pool = new Pool({ connectionString: database.url, max: 1, Client: StatementNamingClient })
    client = await pool.connect()
  })

  afterAll(async () => {
    client?.release()
    await pool?.end()
    await database?.drop()
  })

  async function preparedHere(text: string): Promise<number> {
    // The catalogue view lists this connection's prepared statements (itself unnamed: no values).
    const { rows } = await client.query(
      `select count(*)::int as n from pg_prepared_statements where statement = '${text.replaceAll("'", "''")}'`,
    )
    return rows[0].n
  }

  it('prepares a text on its second use and answers every use correctly', async () => {
    const text = 'select $1::int + 1 as n /* twice */'
    const answers = []
    for (const value of [1, 2, 3]) answers.push((await client.query(text, [value])).rows[0].n)
    expect(answers).toEqual([2, 3, 4])
    expect(await preparedHere(text)).toBe(1)
  })

  it('leaves queries without parameters and one-off texts unprepared', async () => {
    await client.query('select 1 as n /* no parameters */')
    await client.query('select 1 as n /* no parameters */')
    await client.query('select $1::int as n /* once */', [1])
    expect(await preparedHere('select 1 as n /* no parameters */')).toBe(0)
    expect(await preparedHere('select $1::int as n /* once */')).toBe(0)
  })

  it('keeps the connection usable when a named statement fails to parse or to run, or its transaction aborts', async () => {
    const broken = 'select $1::int from no_such_table'
    for (let i = 0; i < 3; i++) await expect(client.query(broken, [1])).rejects.toThrow(/no_such_table/)
    const failing = 'select 1 / ($1::int - 1) as n'
    await client.query(failing, [2])
    await expect(client.query(failing, [1])).rejects.toThrow(/division by zero/)
    expect((await client.query(failing, [3])).rows[0].n).toBe(0)
    // First parsed inside a transaction that then rolls back: still there afterwards.
    const text = 'select $1::text as s /* in a transaction */'
    await client.query(text, ['a'])
    await client.query('begin')
    expect((await client.query(text, ['b'])).rows[0].s).toBe('b')
    await expect(client.query('select 1/0')).rejects.toThrow()
    await expect(client.query(text, ['c'])).rejects.toThrow(/aborted/)
    await client.query('rollback')
    expect((await client.query(text, ['d'])).rows[0].s).toBe('d')
    expect(await preparedHere(text)).toBe(1)
  })

  it('keeps answering a text after one of its uses had a value that could not be sent', async () => {
    const text = 'select $1::text as s /* a value that cannot be sent */'
    const unsendable = {
      toPostgres() {
        throw new Error('cannot be sent')
      },
    }
    await client.query(text, ['a'])
    await client.query(text, ['b'])
    await expect(client.query(text, [unsendable])).rejects.toThrow(/cannot be sent/)
    expect((await client.query(text, ['c'])).rows[0].s).toBe('c')
    expect((await client.query(text, ['d'])).rows[0].s).toBe('d')
  })
})

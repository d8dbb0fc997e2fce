/**
 * Staff roles and the audit log: `npm run ops` grants and revokes support and admin (in-process
 * through runOpsCommand), the last admin keeps the role, every change is audited with before and
 * after (the log's append-only guarantees: admin-audit.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import * as t from '../../src/server/db/schema'
import { runOpsCommand } from '../../src/server/ops-command'
import { throwawayAppDatabase } from './throwaway-db'

const getDb = throwawayAppDatabase('admin-staff')

async function account(email: string) {
  await (await getDb()).insert(t.users).values({ email })
}

describe('npm run ops', () => {
  it('grants, lists and revokes staff roles, each change audited as done by the command line', async () => {
    await account('ana@example.test')
    await account('ben@example.test')
    expect(await runOpsCommand(['list'])).toEqual({ code: 0, lines: ['no staff yet'] })
    expect(await runOpsCommand(['grant', 'admin', 'Ana@Example.test'])).toEqual({
      code: 0,
      lines: ['ana@example.test is now admin'],
    })
    expect(await runOpsCommand(['grant', 'support', 'ben@example.test'])).toMatchObject({ code: 0 })
    expect((await runOpsCommand(['list'])).lines).toEqual(['admin    ana@example.test', 'support  ben@example.test'])
    expect(await runOpsCommand(['revoke', 'ben@example.test'])).toEqual({
      code: 0,
      lines: ['ben@example.test is now customer'],
    })

    const log = await listAudit(await getDb(), { targetType: 'user' })
    expect(log.map((e) => [e.actor, e.action, e.before?.role, e.after?.role])).toEqual([
      ['command line', 'role.revoke', 'support', 'customer'],
      ['command line', 'role.grant', 'customer', 'support'],
      ['command line', 'role.grant', 'customer', 'admin'],
    ])
  })

  it('keeps the last admin, and says what is wrong with a bad command', async () => {
    expect(await runOpsCommand(['revoke', 'ana@example.test'])).toEqual({
      code: 1,
      lines: ['The last admin cannot lose the role'],
    })
    expect(await runOpsCommand(['grant', 'admin', 'nobody@example.test'])).toEqual({
      code: 1,
      lines: ['No account with the e-mail nobody@example.test'],
    })
    for (const bad of [[], ['grant', 'owner', 'ana@example.test'], ['grant', 'admin'], ['drop', 'everything']]) {
      expect(await runOpsCommand(bad)).toMatchObject({ code: 2, lines: [expect.stringMatching(/^usage: /)] })
    }
  })
})

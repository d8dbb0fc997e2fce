/**
 * `npm run ops -- <command>`: staff roles from the command line, on the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR while no server holds it; PUBLIC_ORIGIN is not
 * needed).
 *   grant <support|admin> <email>   revoke <email>   list
 *   backup <file>   restore <file> [--clean]   (PostgreSQL: pg_dump / pg_restore, ADR 095)
 * Each change is in the audit log as done by "command line". An operator's mistake (a bad
 * setting, a database that does not answer) is one line and exit code 1, not a stack trace.
 */
import { grantRole, listStaff, revokeRole } from '~/modules/accounts/staff-roles.server'
import { isAppError } from '~/modules/errors/app-error'
import { STAFF_ROLES, type StaffRole } from '~/server/db/schema'
import { getDb } from '~/server/db/client'
import { describeDbError, isConnectionError } from '~/server/db/availability'
import { backupDatabase, restoreDatabase } from '~/server/backup'
import { configErrorLines, runningAsCommand } from '../../app.config'

const USAGE =
  'usage: npm run ops -- grant <support|admin> <email> | revoke <email> | list | backup <file> | restore <file> [--clean]'

const isStaffRole = (value: string | undefined): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value ?? '')

/** Runs one command; returns the exit code and the lines to print. */
export async function runOpsCommand(args: string[]): Promise<{ code: number; lines: string[] }> {
  const [command, ...rest] = args
  runningAsCommand()
  try {
    if (command === 'grant' && rest.length === 2 && isStaffRole(rest[0])) {
      const member = await grantRole(await getDb(), rest[1]!, rest[0], 'command line')
      return { code: 0, lines: [`${member.email} is now ${member.role}`] }
    }
    if (command === 'revoke' && rest.length === 1) {
      const member = await revokeRole(await getDb(), rest[0]!, 'command line')
      return { code: 0, lines: [`${member.email} is now ${member.role}`] }
    }
    // Neither opens the app's database: a restore target must stay empty (opening would migrate it).
    if (command === 'backup' && rest.length === 1) return await backupDatabase(rest[0]!)
    if (command === 'restore' && (rest.length === 1 || (rest.length === 2 && rest[1] === '--clean'))) {
      return await restoreDatabase(rest[0]!, rest.length === 2)
    }
    if (command === 'list' && rest.length === 0) {
      const staff = await listStaff(await getDb())
      return { code: 0, lines: staff.length ? staff.map((s) => `${s.role.padEnd(8)} ${s.email}`) : ['no staff yet'] }
    }
    return { code: 2, lines: [USAGE] }
  } catch (error) {
    if (isAppError(error)) return { code: 1, lines: [error.message] }
    const message = error instanceof Error ? error.message : String(error)
    // One line per bad setting, as server.mjs prints them.
    if (message.startsWith('Invalid configuration')) {
      return { code: 1, lines: configErrorLines(message) }
    }
    if (isConnectionError(error)) return { code: 1, lines: [describeDbError(error)] }
    throw error
  }
}

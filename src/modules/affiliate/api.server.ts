/**
 * The REST door (/api/ms/*): parse, authorise, call a use case, answer JSON. Route files only
 * wire these in; tests call them with plain Requests.
 */
import { z } from 'zod'
import type { Db } from '../../server/db/client'
import { json } from '../../server/http/respond'
import { requireOperator, requirePromoter, requireUser, type UserIdResolver } from '../auth/caller.server'
import { AppError } from '../errors/app-error'
import { becomePromoterSchema, operatorActionSchema } from './affiliate.schemas'
import { balanceOf } from './ledger.server'
import { archiveLink, createLink, listLinks, updateLink } from './links.server'
import { becomePromoter, toProfile } from './promoters.server'
import { reconcileLedger } from './reconcile.server'
import { performance } from './stats.server'
import {
  approveWithdrawal,
  listOpenWithdrawals,
  listWithdrawals,
  markWithdrawalPaid,
  rejectWithdrawal,
  requestWithdrawal,
} from './withdrawals.server'

export interface ApiCtx {
  db: Db
  request: Request
  params?: Record<string, string | undefined>
  /** Who is calling; the session cookie / bearer token unless a test signs requests in. */
  resolve?: UserIdResolver
}

/** The JSON body; a body that is not JSON is INVALID_INPUT like any other bad input. */
async function body(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError('INVALID_INPUT', 'Body is not JSON', { issues: [{ path: '', message: 'invalid_json' }] })
  }
}

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)
const idParam = z.coerce.number().int().positive().max(2_147_483_647)
const uuidParam = z.uuid()

function param<T>(schema: z.ZodType<T>, value: string | undefined): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Not found')
  return parsed.data
}

export const promotersApi = {
  async get({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(toProfile(promoter))
  },
  async post({ db, request, resolve }: ApiCtx) {
    const user = await requireUser(db, request, resolve)
    const input = becomePromoterSchema.parse(await body(request))
    const { profile, created } = await becomePromoter(db, user.id, input)
    return json(profile, { status: created ? 201 : 200 })
  },
}

export const linksApi = {
  async list({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await listLinks(db, promoter))
  },
  async create({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await createLink(db, promoter.userId, await body(request)), { status: 201 })
  },
  async update({ db, request, params, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await updateLink(db, promoter.userId, param(idParam, params?.id), await body(request)))
  },
  async remove({ db, request, params, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    await archiveLink(db, promoter.userId, param(idParam, params?.id))
    return new Response(null, { status: 204 })
  },
}

export const referralApi = {
  async balance({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await balanceOf(db, promoter.userId, promoter.currency))
  },
  async performance({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await performance(db, promoter, query(request)))
  },
  async reconciliation({ db, request, resolve }: ApiCtx) {
    await requireOperator(db, request, resolve)
    return json(await reconcileLedger(db))
  },
}

export const withdrawalsApi = {
  /** The promoter's own history; ?scope=open is the operators' queue. */
  async list({ db, request, resolve }: ApiCtx) {
    if (query(request).scope === 'open') {
      await requireOperator(db, request, resolve)
      return json(await listOpenWithdrawals(db))
    }
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await listWithdrawals(db, promoter.userId))
  },
  async create({ db, request, resolve }: ApiCtx) {
    const { promoter } = await requirePromoter(db, request, resolve)
    return json(await requestWithdrawal(db, promoter.userId, await body(request)), { status: 201 })
  },
  /** Operators: {action: 'approve' | 'pay' | 'reject', note?}. */
  async act({ db, request, params, resolve }: ApiCtx) {
    const operator = await requireOperator(db, request, resolve)
    const id = param(uuidParam, params?.id)
    const input = operatorActionSchema.parse(await body(request))
    const result =
      input.action === 'approve'
        ? await approveWithdrawal(db, id, operator.id)
        : input.action === 'pay'
          ? await markWithdrawalPaid(db, id, operator.id)
          : await rejectWithdrawal(db, id, operator.id, input.note)
    return json(result)
  },
}

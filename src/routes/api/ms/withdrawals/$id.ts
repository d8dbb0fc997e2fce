import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { operatorActionSchema } from '~/modules/affiliate/affiliate.schemas'
import { approveWithdrawal, markWithdrawalPaid, rejectWithdrawal } from '~/modules/affiliate/withdrawals.server'
import { json, pathParam, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/**
 * Admins: POST {action: 'approve'} | {action: 'pay', reference?} | {action: 'reject', note}. Above
 * WITHDRAWAL_SECOND_APPROVAL_MINOR a first approval answers with `awaitingSecondApproval: true`.
 */
export const Route = createFileRoute('/api/ms/withdrawals/$id')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, request, params }) => {
        const d = await door()
        const operator = await d.adminStepUp()
        const id = pathParam(z.uuid(), params?.id)
        const input = operatorActionSchema.parse(await readJson(request))
        const result =
          input.action === 'approve'
            ? await approveWithdrawal(d.db, id, operator)
            : input.action === 'pay'
              ? await markWithdrawalPaid(d.db, id, operator, input.reference)
              : await rejectWithdrawal(d.db, id, operator, input.note)
        return json(result)
      }),
    }),
  },
})

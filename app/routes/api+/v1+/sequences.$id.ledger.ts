import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { describeStepDecision } from '#app/models/step-ledger/describe-step-decision.ts'
import { listStepLedger } from '#app/models/step-ledger/list-step-ledger.server.ts'
import { SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { StepLedgerQuerySchema } from '#app/schemas/step-ledger.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET: the sequence's step ledger, oldest first (decision 050): `?stepId=` for one step, `?page=`,
// `?pageSize=` (≤ 500, default 100), `?order=newest`. { data: [{ id, stepId, channel, decision, reason, detail,
// text, createdAt }], page, pageSize, total }.
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	const search = new URL(request.url).searchParams
	const query = StepLedgerQuerySchema.parse({
		stepId: search.get('stepId') ?? undefined,
		page: search.get('page') ?? undefined,
		pageSize: search.get('pageSize') ?? undefined,
		order: search.get('order') ?? undefined,
	})
	const ledger = await listStepLedger(actor.organizationId, params.id ?? '', query)
	if (!ledger) throw apiError(404, 'not_found', SEQUENCE_MESSAGES.sequenceNotFound)
	return Response.json({
		data: ledger.entries.map(({ transactionId: _transactionId, ...entry }) => ({
			...entry,
			text: describeStepDecision(entry, ledger.timeZone),
		})),
		page: ledger.page,
		pageSize: ledger.pageSize,
		total: ledger.total,
	})
}

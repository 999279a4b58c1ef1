import {
	type StepLedgerEntryView,
	type StepLedgerQuery,
	StepLedgerDetailSchema,
} from '#app/schemas/step-ledger.ts'
import { prisma } from '#app/utils/db.server.ts'

/**
 * A sequence's ledger, oldest (or newest) first, a page at a time (optionally one step's); null when the
 * organization has no such sequence. `timeZone` is the contact's (else the organization's): the
 * zone a time without its own is shown in.
 */
export async function listStepLedger(organizationId: string, sequenceId: string, query: StepLedgerQuery) {
	const sequence = await prisma.sequence.findFirst({
		where: { id: sequenceId, organizationId },
		select: {
			id: true,
			contact: { select: { timeZone: true } },
			organization: { select: { timeZone: true } },
		},
	})
	if (!sequence) return null
	const where = { sequenceId: sequence.id, organizationId, ...(query.stepId && { stepId: query.stepId }) }
	const [rows, total] = await Promise.all([
		prisma.stepLedgerEntry.findMany({
			where,
			orderBy: { position: query.order === 'newest' ? 'desc' : 'asc' },
			skip: (query.page - 1) * query.pageSize,
			take: query.pageSize,
			select: {
				position: true,
				stepId: true,
				channel: true,
				decision: true,
				reason: true,
				detail: true,
				createdAt: true,
				transactionId: true,
			},
		}),
		prisma.stepLedgerEntry.count({ where }),
	])
	return {
		timeZone: sequence.contact.timeZone ?? sequence.organization.timeZone,
		entries: rows.map(toView),
		page: query.page,
		pageSize: query.pageSize,
		total,
	}
}

export function toView(row: {
	position: bigint
	stepId: string
	channel: StepLedgerEntryView['channel']
	decision: StepLedgerEntryView['decision']
	reason: string
	detail: unknown
	createdAt: Date
	transactionId: bigint
}): StepLedgerEntryView {
	const detail = StepLedgerDetailSchema.safeParse(row.detail)
	return {
		id: String(row.position),
		stepId: row.stepId,
		channel: row.channel,
		decision: row.decision,
		reason: row.reason,
		detail: detail.success ? detail.data : {},
		createdAt: row.createdAt.toISOString(),
		transactionId: row.transactionId.toString(),
	}
}

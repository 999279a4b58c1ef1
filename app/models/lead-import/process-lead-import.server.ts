import { type Prisma } from '#app/generated/prisma/client.ts'
import {
	CANCELLED_REASON,
	completeQueueable,
	failQueueable,
	loadQueueableForJob,
	reportProgress,
	startQueueable,
	watchForCancellation,
} from '#app/models/queueable/queueable.server.ts'
import { type ExtractedLead, LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { prisma } from '#app/utils/db.server.ts'
import { canonicalLinkedinUrl } from '#app/utils/linkedin-url.ts'
import { LeadSourceProblem, readLeadSource, type LeadImportForJob } from './read-lead-source.server.ts'

// The `import_leads` job (decision 035): reads the import's source (file, text, page or given
// contacts), extracts the people, writes them as LeadImportLead rows and moves the import to
// READY; the queueable completes with { leadImportId, total } and the review page opens. A
// retry starts over (the rows are replaced); a cancel ends it FAILED with nothing kept.

const importForJobSelect = {
	id: true,
	source: true,
	state: true,
	name: true,
	text: true,
	url: true,
	urlClassification: true,
	instructions: true,
	givenContacts: true,
	postFilter: true,
	file: { select: { data: true } },
} satisfies Prisma.LeadImportSelect

export type RunLeadImportOptions = {
	/** The Graphile job's last attempt: an unexpected error then fails the import instead of retrying. */
	isFinalAttempt?: boolean
}

export async function runLeadImport(
	queueableId: string,
	{ isFinalAttempt = true }: RunLeadImportOptions = {},
) {
	const queueable = await loadQueueableForJob(queueableId)
	if (!queueable) return
	const { organizationId } = queueable
	const record = (await prisma.leadImport.findFirst({
		where: { organizationId, queueableId },
		select: importForJobSelect,
	})) as LeadImportForJob | null
	if (!record) {
		await failQueueable(organizationId, queueableId, LEAD_IMPORT_MESSAGES.importFailed)
		return
	}
	if (queueable.cancelledAt) return end(organizationId, queueableId, record.id, CANCELLED_REASON)
	if (isTerminalStatus(queueable.status) || record.state !== 'PARSING') return
	if (!(await startQueueable(organizationId, queueableId, { source: record.name })))
		return end(organizationId, queueableId, record.id, CANCELLED_REASON)

	// Reading a page or asking the model can take many seconds: Cancel aborts it within about one.
	const abort = new AbortController()
	const stopWatching = watchForCancellation(organizationId, queueableId, () => abort.abort())
	try {
		await reportProgress(organizationId, queueableId, { currentItem: 'Processing contents...', progress: 5 })
		const read = await readLeadSource(organizationId, record, { signal: abort.signal })
		if (abort.signal.aborted) return end(organizationId, queueableId, record.id, CANCELLED_REASON)
		if (read.leads.length === 0) throw new LeadSourceProblem(LEAD_IMPORT_MESSAGES.noLeadsFound)
		const progress = await reportProgress(organizationId, queueableId, {
			completed: 0,
			total: read.leads.length,
			currentItem: 'Processing...',
			progress: 50,
		})
		if (progress.cancelled || progress.ended)
			return end(organizationId, queueableId, record.id, CANCELLED_REASON)
		const written = await writeLeads(organizationId, record.id, read)
		if (!written) return end(organizationId, queueableId, record.id, CANCELLED_REASON)
		await reportProgress(organizationId, queueableId, {
			completed: read.leads.length,
			total: read.leads.length,
			currentItem: null,
		})
		await completeQueueable(organizationId, queueableId, {
			result: { leadImportId: record.id, total: read.leads.length, warnings: read.warnings },
			isActionable: true,
		})
	} catch (error) {
		if (abort.signal.aborted) return end(organizationId, queueableId, record.id, CANCELLED_REASON)
		if (error instanceof LeadSourceProblem) return end(organizationId, queueableId, record.id, error.message)
		if (isFinalAttempt) {
			console.error(`import_leads ${queueableId} failed`, error as Error)
			await end(organizationId, queueableId, record.id, LEAD_IMPORT_MESSAGES.importFailed)
		}
		throw error
	} finally {
		stopWatching()
	}
}

/** PARSING → READY with the leads, in one transaction; false when the import moved meanwhile. */
async function writeLeads(
	organizationId: string,
	leadImportId: string,
	read: {
		leads: ExtractedLead[]
		warnings: string[]
		totalRows: number
		droppedRows: number
		extractor: string
	},
) {
	return prisma.$transaction(
		async (tx) => {
			await tx.leadImportLead.deleteMany({ where: { leadImportId } })
			if (read.leads.length) await insertLeads(tx, leadImportId, read.leads)
			await releaseLeadFile(tx, leadImportId)
			const { count } = await tx.leadImport.updateMany({
				where: { id: leadImportId, organizationId, state: 'PARSING' },
				data: {
					state: 'READY',
					leadCount: read.leads.length,
					totalRows: read.totalRows,
					droppedRows: read.droppedRows,
					warnings: read.warnings.slice(0, 20),
					extractor: read.extractor,
					completedAt: new Date(),
				},
			})
			return count > 0
		},
		{ timeout: 30_000 },
	)
}

async function end(organizationId: string, queueableId: string, leadImportId: string, reason: string) {
	await prisma.$transaction(async (tx) => {
		await releaseLeadFile(tx, leadImportId)
		await tx.leadImport.updateMany({
			where: { id: leadImportId, organizationId, state: 'PARSING' },
			data: { state: 'FAILED', failureReason: reason },
		})
		await tx.leadImportLead.deleteMany({ where: { leadImportId } })
	})
	await failQueueable(organizationId, queueableId, reason)
}

/** The uploaded CSV is read once: it goes when the import is parsed or ends (the link is set null). */
async function releaseLeadFile(tx: Prisma.TransactionClient, leadImportId: string) {
	await tx.uploadedFile.deleteMany({ where: { leadImports: { some: { id: leadImportId } } } })
}

/**
 * One statement of arrays (unnest) for all the leads: 8,000 rows in one round trip. LinkedIn
 * addresses in the form contacts are saved in, emails lower-cased, as the review compares them.
 */
async function insertLeads(tx: Prisma.TransactionClient, leadImportId: string, leads: ExtractedLead[]) {
	const column = (pick: (lead: ExtractedLead) => string | null | undefined) =>
		leads.map((lead) => pick(lead) ?? null)
	await tx.$executeRaw`
		INSERT INTO "LeadImportLead" (id, "leadImportId", position, "firstName", "middleName", "lastName", email, phone,
			linkedin, role, "roleDetails", "companyName", "companyDescription")
		SELECT ${leadImportId} || '-' || (input.ordinality - 1), ${leadImportId}, input.ordinality - 1, "firstName", "middleName",
			"lastName", email, phone, linkedin, role, "roleDetails", "companyName", "companyDescription"
		FROM unnest(
			${column((lead) => lead.firstName)}::text[], ${column((lead) => lead.middleName)}::text[],
			${column((lead) => lead.lastName)}::text[], ${column((lead) => lead.email?.toLowerCase())}::text[],
			${column((lead) => lead.phone)}::text[],
			${column((lead) => (lead.linkedin ? (canonicalLinkedinUrl(lead.linkedin) ?? lead.linkedin) : null))}::text[],
			${column((lead) => lead.role)}::text[], ${column((lead) => lead.roleDetails)}::text[],
			${column((lead) => lead.companyName)}::text[], ${column((lead) => lead.companyDescription)}::text[]
		) WITH ORDINALITY AS input("firstName", "middleName", "lastName", email, phone, linkedin, role, "roleDetails",
			"companyName", "companyDescription", ordinality)`
}

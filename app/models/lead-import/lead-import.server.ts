import { type Prisma } from '#app/generated/prisma/client.ts'
import { IMPORT_LEADS_TASK } from '#app/jobs/import-leads.ts'
import {
	cancelQueueable,
	createQueueableIn,
	QUEUEABLE_SELECT,
} from '#app/models/queueable/queueable.server.ts'
import {
	LEAD_FILE_MAX_BYTES,
	LEAD_FILES_MAX,
	LEAD_IMPORT_MESSAGES,
	type LeadLinkImportInput,
	type LeadSource,
	type LeadTextImportInput,
} from '#app/schemas/lead-import.ts'
import { checkLeadLink } from '#app/schemas/lead-link.ts'
import { prisma } from '#app/utils/db.server.ts'
import { type UploadedFormFile } from '#app/utils/upload-form.server.ts'

// Starting lead imports (issue 14, decision 035): each source becomes a LeadImport and a
// Queueable (type LEAD_IMPORT) whose job extracts the leads; several files → one import each.
// The review page (/lead-scraper/:queueId) finds the import by its queueable.

export const LEAD_IMPORT_QUEUEABLE_TYPE = 'LEAD_IMPORT'

/** Input the user must fix (the spec's messages); routes answer it 400 / with the form. */
export class LeadImportInputError extends Error {
	constructor(
		message: string,
		readonly code = 'invalid_input',
		readonly status = 400,
	) {
		super(message)
		this.name = 'LeadImportInputError'
	}
}

export type StartedLeadImport = { id: string; queueableId: string; name: string }

type Actor = { organizationId: string; userId: string | null }

type NewImport = {
	source: LeadSource
	name: string
	fileId?: string
	text?: string | null
	url?: string | null
	urlClassification?: string | null
	instructions?: string | null
	givenContacts?: Prisma.InputJsonValue
	postFilter?: Prisma.InputJsonValue
}

async function createImport(
	tx: Prisma.TransactionClient,
	actor: Actor,
	data: NewImport,
): Promise<StartedLeadImport> {
	const created = await tx.leadImport.create({
		data: { ...data, organizationId: actor.organizationId, userId: actor.userId },
		select: { id: true, name: true },
	})
	const queueable = await createQueueableIn(tx, {
		organizationId: actor.organizationId,
		userId: actor.userId,
		type: LEAD_IMPORT_QUEUEABLE_TYPE,
		payload: { leadImportId: created.id },
		metadata: { source: data.name, sourceType: data.source, leadImportId: created.id },
		task: IMPORT_LEADS_TASK,
	})
	await tx.leadImport.update({ where: { id: created.id }, data: { queueableId: queueable.id } })
	return { id: created.id, queueableId: queueable.id, name: created.name }
}

function isCsvFile(file: UploadedFormFile) {
	const type = file.type.toLowerCase()
	return (
		/\.csv$/i.test(file.name) ||
		type === 'text/csv' ||
		type === 'application/csv' ||
		(type === 'application/vnd.ms-excel' && /\.csv$/i.test(file.name))
	)
}

/** Scrape file: CSV only, at most 1 MB each, one import per file (all or none start). */
export async function startLeadFileImports(
	actor: Actor,
	{ files, instructions }: { files: UploadedFormFile[]; instructions: string | null },
): Promise<StartedLeadImport[]> {
	if (files.length === 0) throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.noFile, 'no_file')
	if (files.length > LEAD_FILES_MAX)
		throw new LeadImportInputError(`At most ${LEAD_FILES_MAX} files at once`, 'too_many_files')
	for (const file of files) {
		if (!isCsvFile(file))
			throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.csvOnly, 'unsupported_file_type', 415)
		if (file.bytes.byteLength > LEAD_FILE_MAX_BYTES)
			throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.fileTooLarge, 'file_too_large', 413)
		if (file.bytes.byteLength === 0)
			throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.couldNotRead, 'empty_file')
	}
	return prisma.$transaction(async (tx) => {
		const started: StartedLeadImport[] = []
		for (const file of files) {
			const name = file.name.slice(0, 255) || 'leads.csv'
			const uploaded = await tx.uploadedFile.create({
				data: {
					organizationId: actor.organizationId,
					userId: actor.userId,
					name,
					contentType: 'text/csv',
					size: file.bytes.byteLength,
					data: Buffer.from(file.bytes),
				},
				select: { id: true },
			})
			started.push(await createImport(tx, actor, { source: 'FILE', name, fileId: uploaded.id, instructions }))
		}
		return started
	})
}

/** Scrape a plain text. */
export async function startLeadTextImport(
	actor: Actor,
	input: LeadTextImportInput,
): Promise<StartedLeadImport> {
	return prisma.$transaction((tx) =>
		createImport(tx, actor, {
			source: 'TEXT',
			name: 'Pasted text',
			text: input.text,
			instructions: input.instructions,
		}),
	)
}

/**
 * Scrape link / a LinkedIn post: the job fetches the page unless the caller brings the text or
 * the contacts (the companion reads a post's authors in the user's browser).
 */
export async function startLeadLinkImport(
	actor: Actor,
	input: LeadLinkImportInput,
): Promise<StartedLeadImport> {
	const brought = Boolean(input.contacts || input.text?.trim())
	const link = checkLeadLink(input.url, input.type, { brought })
	if (!link.ok) throw new LeadImportInputError(link.message, link.code)
	if (input.type === 'LINKEDIN_POST' && !brought) {
		// A post's people come through the companion; without them there is nothing the server may read.
		throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.connectLinkedIn, 'linkedin_required')
	}
	if (input.contacts && input.contacts.length === 0 && !input.text?.trim())
		throw new LeadImportInputError(LEAD_IMPORT_MESSAGES.noValidContacts, 'no_contacts')
	return prisma.$transaction((tx) =>
		createImport(tx, actor, {
			source: input.type,
			name: (input.source?.trim() || link.url).slice(0, 500),
			url: link.url,
			urlClassification: input.urlClassification ?? link.classification,
			text: input.text,
			instructions: input.instructions,
			givenContacts: (input.contacts ?? undefined) as Prisma.InputJsonValue | undefined,
			postFilter: (input.postFilter ?? undefined) as Prisma.InputJsonValue | undefined,
		}),
	)
}

export const LEAD_IMPORT_SELECT = {
	id: true,
	source: true,
	state: true,
	name: true,
	url: true,
	urlClassification: true,
	instructions: true,
	extractor: true,
	warnings: true,
	totalRows: true,
	droppedRows: true,
	leadCount: true,
	failureReason: true,
	savedCount: true,
	existingCount: true,
	duplicateCount: true,
	skippedCount: true,
	errorCount: true,
	queueableId: true,
	createdAt: true,
	completedAt: true,
	queueable: { select: QUEUEABLE_SELECT },
} satisfies Prisma.LeadImportSelect

export type LeadImportView = Prisma.LeadImportGetPayload<{ select: typeof LEAD_IMPORT_SELECT }>

/** The import behind a queue item (the review route's {queueId}), or null when not the organization's. */
export async function getLeadImportByQueueable(organizationId: string, queueableId: string) {
	return prisma.leadImport.findFirst({ where: { organizationId, queueableId }, select: LEAD_IMPORT_SELECT })
}

export async function listLeadImports(organizationId: string, { take = 20 }: { take?: number } = {}) {
	return prisma.leadImport.findMany({
		where: { organizationId },
		select: LEAD_IMPORT_SELECT,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take,
	})
}

/** Cancel Import: the job stops between two steps; null when the queue item is not the organization's. */
export async function cancelLeadImport(organizationId: string, queueableId: string) {
	const found = await prisma.leadImport.findFirst({
		where: { organizationId, queueableId },
		select: { id: true },
	})
	if (!found) return null
	return cancelQueueable(organizationId, queueableId)
}

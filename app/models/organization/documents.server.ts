import { type Prisma } from '#app/generated/prisma/client.ts'
import { prisma } from '#app/utils/db.server.ts'

export type DocumentInput = { name: string; content: string }
export type DocumentReplacement = DocumentInput & { id?: string }

/** Raised inside a replacement transaction when a given id is not one of the organization's documents. */
export class DocumentNotFoundError extends Error {
	constructor(readonly documentId: string) {
		super('Document not found')
		this.name = 'DocumentNotFoundError'
	}
}

const PREVIEW_LENGTH = 160

/**
 * The settings page's list: name, the first characters of the content and the date.
 * Contents can be long (a parsed 15-page PDF), so the database cuts the preview.
 */
export async function listDocumentSummaries(organizationId: string) {
	return prisma.$queryRaw<
		Array<{ id: string; name: string; preview: string; length: number; createdAt: Date }>
	>`
		SELECT "id", "name", left("content", ${PREVIEW_LENGTH}) AS "preview", length("content") AS "length", "createdAt"
		FROM "OrganizationDocument"
		WHERE "organizationId" = ${organizationId}
		ORDER BY "createdAt" DESC, "id" DESC
	`
}

/** Full documents, as the API and the assistant read them (oldest first, the order they were added). */
export async function listDocuments(organizationId: string) {
	return prisma.organizationDocument.findMany({
		where: { organizationId },
		select: { id: true, name: true, content: true },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
	})
}

export async function addDocument(organizationId: string, { name, content }: DocumentInput) {
	return prisma.organizationDocument.create({
		data: { organizationId, name, content },
		select: { id: true, name: true, createdAt: true },
	})
}

/** false when the document does not exist in this organization. */
export async function deleteDocument(organizationId: string, documentId: string) {
	const { count } = await prisma.organizationDocument.deleteMany({
		where: { id: documentId, organizationId },
	})
	return count > 0
}

/**
 * Makes `documents` the organization's document set: given ids are updated,
 * entries without an id are created, and documents not listed are deleted.
 * Runs in the caller's transaction; an id from elsewhere aborts it.
 */
export async function replaceDocuments(
	tx: Prisma.TransactionClient,
	organizationId: string,
	documents: ReadonlyArray<DocumentReplacement>,
) {
	const existing = await tx.organizationDocument.findMany({ where: { organizationId }, select: { id: true } })
	const existingIds = new Set(existing.map((document) => document.id))
	for (const document of documents) {
		if (document.id && !existingIds.has(document.id)) throw new DocumentNotFoundError(document.id)
	}
	const keptIds = documents.flatMap((document) => (document.id ? [document.id] : []))
	await tx.organizationDocument.deleteMany({ where: { organizationId, id: { notIn: keptIds } } })
	for (const document of documents) {
		if (document.id) {
			await tx.organizationDocument.updateMany({
				where: { id: document.id, organizationId },
				data: { name: document.name, content: document.content },
			})
		}
	}
	const created = documents.filter((document) => !document.id)
	if (created.length) {
		await tx.organizationDocument.createMany({
			data: created.map(({ name, content }) => ({ organizationId, name, content })),
		})
	}
}

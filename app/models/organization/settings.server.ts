import { prisma } from '#app/utils/db.server.ts'
import {
	DocumentNotFoundError,
	listDocuments,
	replaceDocuments,
	type DocumentReplacement,
} from './documents.server.ts'
import { listMembers } from './members.server.ts'

export type OrganizationSettingsInput = { summary: string; description: string }

export async function getOrganizationSettings(organizationId: string) {
	return prisma.organization.findUnique({
		where: { id: organizationId },
		select: { id: true, name: true, summary: true, description: true },
	})
}

export async function updateOrganizationSettings(organizationId: string, input: OrganizationSettingsInput) {
	const { count } = await prisma.organization.updateMany({
		where: { id: organizationId },
		data: { summary: input.summary, description: input.description },
	})
	return count > 0
}

/** GET /api/v1/settings: the spec's organization settings (users, documents, summary, description). */
export async function getSettingsForApi(organizationId: string) {
	const [organization, users, documents] = await Promise.all([
		prisma.organization.findUnique({
			where: { id: organizationId },
			select: { summary: true, description: true },
		}),
		listMembers(organizationId),
		listDocuments(organizationId),
	])
	if (!organization) return null
	return {
		summary: organization.summary,
		description: organization.description,
		users: users.map(({ id, name, email, role }) => ({ id, name, email, role })),
		documents,
	}
}

/**
 * POST /api/v1/settings: fields left out stay as they are; a documents list
 * replaces the set. One transaction, so a bad document id changes nothing.
 */
export async function saveSettingsFromApi(
	organizationId: string,
	input: { summary?: string; description?: string; documents?: ReadonlyArray<DocumentReplacement> },
): Promise<{ ok: true } | { ok: false; reason: 'document_not_found'; documentId: string }> {
	try {
		await prisma.$transaction(async (tx) => {
			if (input.summary !== undefined || input.description !== undefined) {
				await tx.organization.updateMany({
					where: { id: organizationId },
					data: {
						...(input.summary !== undefined ? { summary: input.summary } : {}),
						...(input.description !== undefined ? { description: input.description } : {}),
					},
				})
			}
			if (input.documents) await replaceDocuments(tx, organizationId, input.documents)
		})
		return { ok: true }
	} catch (error) {
		if (error instanceof DocumentNotFoundError) {
			return { ok: false, reason: 'document_not_found', documentId: error.documentId }
		}
		throw error
	}
}

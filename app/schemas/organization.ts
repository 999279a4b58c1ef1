import { z } from 'zod'
import { Role } from '#app/generated/prisma/enums.ts'

// Organization settings, documents, members and invites: shared by the /settings
// page actions (through Conform) and the JSON API, so both give the same messages.

export const SUMMARY_MAX_LENGTH = 2_000
export const DESCRIPTION_MAX_LENGTH = 10_000
export const DOCUMENT_NAME_MAX_LENGTH = 200
// A 15-page PDF (the spec's limit) extracts to well under this.
export const DOCUMENT_CONTENT_MAX_LENGTH = 200_000
export const DOCUMENTS_MAX_COUNT = 100

const INVALID_EMAIL = 'Please enter a valid email address'

/** Trimmed text; a missing value (Conform sends empty fields as undefined) is ''. */
function optionalText(max: number, label: string) {
	return z
		.string({ error: `${label} must be text` })
		.trim()
		.max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')} characters` })
		.optional()
}

export const OrganizationSettingsSchema = z.object({
	summary: optionalText(SUMMARY_MAX_LENGTH, 'Summary').transform((value) => value ?? ''),
	description: optionalText(DESCRIPTION_MAX_LENGTH, 'Description').transform((value) => value ?? ''),
})

export const DocumentNameSchema = z
	.string({ error: 'Document name is required' })
	.trim()
	.min(1, { error: 'Document name is required' })
	.max(DOCUMENT_NAME_MAX_LENGTH, {
		error: `Document name must be at most ${DOCUMENT_NAME_MAX_LENGTH} characters`,
	})

// The spec: "Add is enabled only with non-empty content"; the server holds the same line.
export const DocumentContentSchema = z
	.string({ error: 'Document content cannot be empty' })
	.trim()
	.min(1, { error: 'Document content cannot be empty' })
	.max(DOCUMENT_CONTENT_MAX_LENGTH, {
		error: `Document content must be at most ${DOCUMENT_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
	})

export const AddDocumentSchema = z.object({
	name: DocumentNameSchema,
	content: DocumentContentSchema,
})

export const DeleteDocumentSchema = z.object({
	documentId: z.string({ error: 'Document is required' }).min(1, { error: 'Document is required' }),
})

/** POST /api/v1/settings: "settings plus a documents list". Documents given replace the set. */
export const ApiSettingsBodySchema = z.object(
	{
		summary: z
			.string({ error: 'Summary must be text' })
			.trim()
			.max(SUMMARY_MAX_LENGTH, {
				error: `Summary must be at most ${SUMMARY_MAX_LENGTH.toLocaleString('en-US')} characters`,
			})
			.optional(),
		description: z
			.string({ error: 'Description must be text' })
			.trim()
			.max(DESCRIPTION_MAX_LENGTH, {
				error: `Description must be at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
			})
			.optional(),
		documents: z
			.array(
				z.object({
					id: z
						.string({ error: 'Document id must be text' })
						.min(1, { error: 'Document id must be text' })
						.optional(),
					name: DocumentNameSchema,
					content: DocumentContentSchema,
				}),
				{ error: 'Documents must be a list' },
			)
			.max(DOCUMENTS_MAX_COUNT, { error: `At most ${DOCUMENTS_MAX_COUNT} documents are allowed` })
			.refine(
				(documents) =>
					new Set(documents.flatMap((d) => (d.id ? [d.id] : []))).size ===
					documents.filter((d) => d.id).length,
				{
					error: 'Each document id may appear only once',
				},
			)
			.optional(),
	},
	{ error: 'Request body must be an object' },
)

export type ApiSettingsBody = z.infer<typeof ApiSettingsBodySchema>

export const InviteSchema = z.object({
	email: z
		.string({ error: INVALID_EMAIL })
		.trim()
		.toLowerCase()
		.pipe(z.email({ error: INVALID_EMAIL }).max(254, { error: INVALID_EMAIL })),
})

export const CancelInviteSchema = z.object({
	inviteId: z.string({ error: 'Invite is required' }).min(1, { error: 'Invite is required' }),
})

export const RoleSchema = z.enum([Role.OWNER, Role.ADMIN, Role.MEMBER], { error: 'Please choose a role' })

export const ChangeMemberRoleSchema = z.object({
	userId: z.string({ error: 'User is required' }).min(1, { error: 'User is required' }),
	role: RoleSchema,
})

export const RemoveMemberSchema = z.object({
	userId: z.string({ error: 'User is required' }).min(1, { error: 'User is required' }),
})

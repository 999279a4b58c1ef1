import { type ActionFunctionArgs } from '@remix-run/node'
import { LeadImportInputError, startLeadFileImports } from '#app/models/lead-import/lead-import.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LEAD_FILE_MAX_BYTES, LEAD_FILES_MAX, LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { readUploadForm, UploadTooLargeError } from '#app/utils/upload-form.server.ts'

export const loader = methodNotAllowed

// POST multipart: file-0, file-1 … (or `file` repeated), CSV ≤ 1 MB each, instructions →
// 202 { queueableIds[], importIds[] }: one import per file.
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
		return apiError(400, 'invalid_body', 'Send the files as multipart/form-data')
	let upload
	try {
		upload = await readUploadForm(request, {
			maxFileBytes: LEAD_FILE_MAX_BYTES,
			maxFiles: LEAD_FILES_MAX,
			fields: ['file', 'instructions'],
		})
	} catch (error) {
		if (error instanceof UploadTooLargeError)
			return apiError(413, 'file_too_large', LEAD_IMPORT_MESSAGES.fileTooLarge)
		return apiError(400, 'invalid_body', LEAD_IMPORT_MESSAGES.couldNotRead)
	}
	const instructions = upload.form.get('instructions')
	try {
		const started = await startLeadFileImports(actor, {
			files: upload.files,
			instructions: typeof instructions === 'string' ? instructions.trim().slice(0, 2_000) || null : null,
		})
		return Response.json(
			{ queueableIds: started.map((item) => item.queueableId), importIds: started.map((item) => item.id) },
			{ status: 202 },
		)
	} catch (error) {
		if (error instanceof LeadImportInputError) return apiError(error.status, error.code, error.message)
		throw error
	}
}

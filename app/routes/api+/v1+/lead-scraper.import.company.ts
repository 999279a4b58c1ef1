import { type ActionFunctionArgs } from '@remix-run/node'
import {
	readCompanyFiles,
	startCompanyModeSearches,
} from '#app/models/contact-search/start-company-mode-search.server.ts'
import { ContactSearchInputError } from '#app/models/contact-search/start-contact-search.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LEAD_FILE_MAX_BYTES, LEAD_FILES_MAX } from '#app/schemas/lead-import.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { readUploadForm, UploadTooLargeError } from '#app/utils/upload-form.server.ts'

export const loader = methodNotAllowed

// The lead scraper's company mode. POST multipart: file-0, file-1 … (CSV of companies), lookingFor,
// rolePromptPresent, topX (1–20) → 202 { queueableId, totalCompanies } for one file, or
// { queueableIds, totalCompanies } for several: one bulk contact search per file.
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
			fields: ['file', 'lookingFor', 'rolePromptPresent', 'topX'],
		})
	} catch (error) {
		if (error instanceof UploadTooLargeError) return apiError(413, 'file_too_large', 'The file is too large')
		return apiError(400, 'invalid_body', 'The upload could not be read')
	}
	try {
		const started = await startCompanyModeSearches(actor, {
			readings: readCompanyFiles(upload.files),
			lookingFor: upload.form.get('lookingFor') ?? undefined,
			topX: upload.form.get('topX') ?? undefined,
		})
		const totalCompanies = started.reduce((sum, search) => sum + search.totalCompanies, 0)
		const ids = started.map((search) => search.queueableId)
		return Response.json(
			ids.length === 1 ? { queueableId: ids[0], totalCompanies } : { queueableIds: ids, totalCompanies },
			{ status: 202 },
		)
	} catch (error) {
		if (error instanceof ContactSearchInputError) return apiError(error.status, error.code, error.message)
		throw error
	}
}

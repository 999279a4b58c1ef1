import {
	type ActionFunctionArgs,
	MaxPartSizeExceededError,
	redirect,
	unstable_createMemoryUploadHandler,
	unstable_parseMultipartFormData,
} from '@remix-run/node'
import { DocumentUploadError, startDocumentParse } from '#app/models/document/parse-document.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { PDF_MAX_BYTES, PDF_MISSING_MESSAGE, PDF_TOO_LARGE_MESSAGE } from '#app/schemas/document-upload.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// Room for the multipart boundaries and the other fields around the file.
const MAX_BODY_BYTES = PDF_MAX_BYTES + 64 * 1024
const SETTINGS_PATH = '/settings'

export function loader() {
	throw methodNotAllowed()
}

/**
 * POST multipart `file`: stores the PDF and queues its parse job. Fetch callers
 * (Accept: application/json) get `{ queueableId }`; a plain form post is
 * redirected back to the settings page, which follows the job by `?parse=<id>`.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') throw methodNotAllowed()
	const wantsJson = (request.headers.get('Accept') ?? '').includes('application/json')
	const actor = await requireActor(request)

	function fail(message: string) {
		if (wantsJson) return Response.json({ error: 'invalid_file', message }, { status: 400 })
		return redirectWithToast(SETTINGS_PATH, { type: 'error', title: message })
	}

	if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) return fail(PDF_TOO_LARGE_MESSAGE)
	let file: File | null = null
	try {
		const form = await unstable_parseMultipartFormData(
			request,
			unstable_createMemoryUploadHandler({ maxPartSize: PDF_MAX_BYTES }),
		)
		const value = form.get('file')
		file = value instanceof File ? value : null
	} catch (error) {
		if (error instanceof MaxPartSizeExceededError) return fail(PDF_TOO_LARGE_MESSAGE)
		return fail(PDF_MISSING_MESSAGE)
	}
	try {
		const { queueableId } = await startDocumentParse({
			organizationId: actor.organizationId,
			userId: actor.userId,
			file: file && { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
		})
		if (wantsJson) return Response.json({ queueableId })
		return redirect(`${SETTINGS_PATH}?parse=${encodeURIComponent(queueableId)}`)
	} catch (error) {
		if (error instanceof DocumentUploadError) return fail(error.message)
		throw error
	}
}

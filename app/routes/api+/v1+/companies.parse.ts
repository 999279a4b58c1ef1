import { type ActionFunctionArgs } from '@remix-run/node'
import { CompanyCsvError } from '#app/models/company-import/csv/read-company-csv.ts'
import { parseCompaniesFromCsv } from '#app/models/company-import/parse-companies-from-csv.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { readCompanyCsvForm } from './__company-csv-form.server.ts'

// POST multipart `file` (one CSV, ≤ 1 MB) and optional `columnMapping` (JSON text: field → column
// index or header text) → { companies, errors, headers, mapping, totalRows, ignoredRows, warnings }.
// Nothing is stored and no job runs: the file is read and normalized in the request.

export function loader() {
	throw methodNotAllowed()
}

export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	await requireApiActor(request)
	const upload = await readCompanyCsvForm(request)
	if (upload instanceof Response) return upload
	try {
		return Response.json(parseCompaniesFromCsv(upload.file.bytes, upload.mapping))
	} catch (error) {
		if (error instanceof CompanyCsvError) return apiError(422, 'invalid_csv', error.message)
		throw error
	}
}

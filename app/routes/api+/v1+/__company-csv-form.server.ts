import {
	COMPANY_CSV_UPLOAD_MESSAGES,
	COMPANY_IMPORT_MAX_FILE_BYTES,
	CSV_FILE_TOO_LARGE_MESSAGE,
	ColumnMappingSchema,
	type ColumnMapping,
	isCsvUpload,
} from '#app/schemas/company-import.ts'
import { apiError } from '#app/utils/api.server.ts'
import { readUploadForm, UploadTooLargeError, type UploadedFormFile } from '#app/utils/upload-form.server.ts'

// The multipart form of the company CSV routes (`/companies/parse`, `/companies/import/csv`): one
// CSV file of at most 1 MB (refused before it is read), an optional columnMapping (JSON: field →
// column index or header text), and the flags. Every refusal is the API's { error, message }.

const FIELDS = ['file', 'columnMapping', 'skipCompanyEnrichment'] as const

export type CompanyCsvForm = { file: UploadedFormFile; form: FormData; mapping: ColumnMapping | undefined }

export async function readCompanyCsvForm(request: Request): Promise<CompanyCsvForm | Response> {
	if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
		return apiError(400, 'invalid_body', COMPANY_CSV_UPLOAD_MESSAGES.notMultipart)
	let upload
	try {
		upload = await readUploadForm(request, { maxFileBytes: COMPANY_IMPORT_MAX_FILE_BYTES, fields: FIELDS })
	} catch (error) {
		if (error instanceof UploadTooLargeError)
			return apiError(413, 'file_too_large', CSV_FILE_TOO_LARGE_MESSAGE)
		return apiError(400, 'invalid_body', COMPANY_CSV_UPLOAD_MESSAGES.notMultipart)
	}
	if (!upload.file) return apiError(400, 'no_file', COMPANY_CSV_UPLOAD_MESSAGES.noFile)
	if (upload.fileCount > 1) return apiError(400, 'too_many_files', COMPANY_CSV_UPLOAD_MESSAGES.oneFile)
	if (!isCsvUpload(upload.file))
		return apiError(415, 'unsupported_file_type', COMPANY_CSV_UPLOAD_MESSAGES.fileType)
	const mapping = readMapping(upload.form.get('columnMapping'))
	if (mapping instanceof Response) return mapping
	return { file: upload.file, form: upload.form, mapping }
}

/** The optional columnMapping field: absent or empty → the guess; JSON that fails the schema → 400. */
function readMapping(value: FormDataEntryValue | null): ColumnMapping | undefined | Response {
	if (value === null || (typeof value === 'string' && !value.trim())) return undefined
	if (typeof value !== 'string')
		return apiError(400, 'invalid_mapping', COMPANY_CSV_UPLOAD_MESSAGES.mappingJson)
	let json: unknown
	try {
		json = JSON.parse(value)
	} catch {
		return apiError(400, 'invalid_mapping', COMPANY_CSV_UPLOAD_MESSAGES.mappingJson)
	}
	const parsed = ColumnMappingSchema.safeParse(json)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const where = issue?.path.length ? `columnMapping.${issue.path.join('.')}: ` : 'columnMapping: '
		return apiError(400, 'invalid_mapping', `${where}${issue?.message ?? 'invalid'}`)
	}
	return parsed.data
}

import {
	MaxPartSizeExceededError,
	unstable_createMemoryUploadHandler,
	unstable_parseMultipartFormData,
} from '@remix-run/node'

// A multipart form with one file, read into memory with a size cap on the file and on the whole
// body, so a 50 MB upload is refused before it is read (issue 12).

export type UploadedFormFile = { name: string; type: string; bytes: Uint8Array }

export class UploadTooLargeError extends Error {}
export class UploadUnreadableError extends Error {}

/** Room for the multipart boundaries and the other fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

export async function readUploadForm(
	request: Request,
	{
		maxFileBytes,
		maxFiles = 1,
		fileField = 'file',
		fields,
	}: {
		maxFileBytes: number
		/** Several file parts (the lead scraper's file-N): the body may hold this many files. */
		maxFiles?: number
		fileField?: string
		/** The only parts read (others are skipped unread); all when absent. */
		fields?: ReadonlyArray<string>
	},
): Promise<{ form: FormData; file: UploadedFormFile | null; files: UploadedFormFile[]; fileCount: number }> {
	if (Number(request.headers.get('Content-Length') ?? 0) > maxFileBytes * maxFiles + FORM_OVERHEAD_BYTES)
		throw new UploadTooLargeError()
	let form: FormData
	try {
		form = await unstable_parseMultipartFormData(
			request,
			unstable_createMemoryUploadHandler({
				maxPartSize: maxFileBytes,
				...(fields
					? { filter: ({ name }) => fields.includes(name) || (maxFiles > 1 && /^file-\d+$/.test(name)) }
					: {}),
			}),
		)
	} catch (error) {
		if (error instanceof MaxPartSizeExceededError) throw new UploadTooLargeError()
		throw new UploadUnreadableError()
	}
	// A form posted with no file chosen carries an empty part without a name: that is no file.
	const files = form
		.getAll(fileField)
		.concat(
			// The spec's several files come as file-0, file-1 … parts.
			maxFiles > 1
				? [...form.entries()].filter(([name]) => /^file-\d+$/.test(name)).map(([, value]) => value)
				: [],
		)
		.filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ''))
	const read = await Promise.all(
		files.map(async (value) => ({
			name: value.name,
			type: value.type,
			bytes: new Uint8Array(await value.arrayBuffer()),
		})),
	)
	return { form, file: read[0] ?? null, files: read, fileCount: files.length }
}

/** A checkbox or a JSON/form flag: "true", "on", "1" are true. */
export function isTrueFlag(value: FormDataEntryValue | null | undefined | boolean) {
	if (typeof value === 'boolean') return value
	return typeof value === 'string' && ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase())
}

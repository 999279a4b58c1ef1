import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import {
	everyCompanyPrompted,
	readCompanyFiles,
	startCompanyModeSearches,
	type CompanyFileReading,
} from '#app/models/contact-search/start-company-mode-search.server.ts'
import { ContactSearchInputError } from '#app/models/contact-search/start-contact-search.server.ts'
import { leadProgressPath } from '#app/components/lead-scraper/lead-import-status.ts'
import { type LeadScraperActionData } from '#app/components/lead-scraper/use-lead-scraper-form.ts'
import {
	LeadImportInputError,
	startLeadFileImports,
	startLeadLinkImport,
	startLeadTextImport,
	type StartedLeadImport,
} from '#app/models/lead-import/lead-import.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import {
	LEAD_FILE_MAX_BYTES,
	LEAD_FILES_MAX,
	LEAD_IMPORT_MESSAGES,
	LEAD_SAVE_MAX,
} from '#app/schemas/lead-import.ts'
import { startedBulkMessage } from '#app/schemas/contact-search.ts'
import {
	LEAD_SCRAPER_SOURCE_FIELDS,
	LeadScraperFormSchema,
	postFilterOf,
	type CompanyModeForm,
	type LeadScraperForm,
} from '#app/schemas/lead-scraper-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readUploadForm, UploadTooLargeError, type UploadedFormFile } from '#app/utils/upload-form.server.ts'

// /lead-scraper/new's action (issue 14): the Lead scraper's form, from the stepped dialog (a
// fetcher, mode=dialog: it follows the progress itself) or the plain page (redirected to
// /lead-scraper/progress). One import per file; the LinkedIn post's people come with the form.
// Company mode (issue 15) starts one bulk contact search per CSV of companies instead, and goes
// to the first search's results.

type Reply = LeadScraperActionData

function refuse(fieldErrors: Record<string, string[]>, status = 400, values: Record<string, unknown> = {}) {
	return data<Reply>(
		{ result: { status: 'error', initialValue: values as Record<string, string>, error: fieldErrors } },
		{ status },
	)
}

async function readForm(request: Request) {
	const multipart = (request.headers.get('Content-Type') ?? '')
		.toLowerCase()
		.startsWith('multipart/form-data')
	if (!multipart) return { form: await request.formData(), files: [] as UploadedFormFile[] }
	const upload = await readUploadForm(request, {
		maxFileBytes: LEAD_FILE_MAX_BYTES,
		maxFiles: LEAD_FILES_MAX,
	})
	return { form: upload.form, files: upload.files }
}

export async function startLeadScrape(request: Request, actor: Actor) {
	let read
	try {
		read = await readForm(request)
	} catch (error) {
		if (error instanceof UploadTooLargeError)
			return refuse({ file: [LEAD_IMPORT_MESSAGES.fileTooLarge] }, 413, { source: 'FILE' })
		return refuse({ file: [LEAD_IMPORT_MESSAGES.couldNotRead] }, 400, { source: 'FILE' })
	}
	const { form, files } = read
	// Company mode: the server reads the files itself (once), so a role prompt column counts without
	// JavaScript too; a file it cannot read is refused after the form's own checks.
	const companies = form.get('source') === 'COMPANIES' ? await readCompanyForm(form) : null
	if (companies) form.set('rolePromptPresent', String(everyCompanyPrompted(companies.readings)))
	const submission = parseWithZod(form, { schema: LeadScraperFormSchema })
	if (submission.status !== 'success') {
		return data<Reply>(
			{ result: submission.reply({ hideFields: ['contacts', 'postText'] }) },
			{ status: 400 },
		)
	}
	if (submission.value.source === 'COMPANIES') {
		const refuseField = (field: string, message: string) =>
			data<Reply>({ result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status: 400 })
		if (companies?.unreadable) return refuseField('companyFile', companies.unreadable)
		return startCompanyMode(
			actor,
			submission.value,
			companies?.readings ?? [],
			form.get('mode') === 'dialog',
			refuseField,
		)
	}
	let started: StartedLeadImport[]
	try {
		started = await start(actor, submission.value, files)
	} catch (error) {
		if (!(error instanceof LeadImportInputError)) throw error
		const field = LEAD_SCRAPER_SOURCE_FIELDS[submission.value.source][0]
		return data<Reply>(
			{
				result: submission.reply({
					fieldErrors: { [field]: [error.message] },
					hideFields: ['contacts', 'postText'],
				}),
			},
			{ status: error.status },
		)
	}
	const imports = started.map((item) => ({ queueableId: item.queueableId, name: item.name }))
	if (form.get('mode') === 'dialog') return data<Reply>({ started: imports })
	return redirect(leadProgressPath(imports.map((item) => item.queueableId)))
}

async function startCompanyMode(
	actor: Actor,
	value: CompanyModeForm,
	readings: CompanyFileReading[],
	dialog: boolean,
	refuseField: (field: string, message: string) => Response | ReturnType<typeof data<Reply>>,
) {
	let searches
	try {
		searches = await startCompanyModeSearches(actor, {
			readings,
			lookingFor: value.lookingFor ?? '',
			topX: value.topX,
		})
	} catch (error) {
		if (!(error instanceof ContactSearchInputError)) throw error
		// The files were read already: what is left to refuse is the looking-for.
		return refuseField('lookingFor', error.message)
	}
	const companies = searches.reduce((sum, search) => sum + search.totalCompanies, 0)
	const estimatedTime = searches.at(-1)?.estimatedTime ?? ''
	if (dialog)
		return data<Reply>({
			searches: searches.map(({ queueableId }) => ({ queueableId })),
			companies,
			estimatedTime,
		})
	return redirectWithToast(`/contact-search/${searches[0]!.queueableId}`, {
		type: 'success',
		title: startedBulkMessage(companies, estimatedTime),
	})
}

/** Company mode's files (the `companyFile` parts), read once; a file that cannot be read says why. */
async function readCompanyForm(
	form: FormData,
): Promise<{ readings: CompanyFileReading[]; unreadable: string | null }> {
	const parts = form
		.getAll('companyFile')
		.filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ''))
	if (parts.length === 0) return { readings: [], unreadable: null }
	const files = await Promise.all(
		parts.map(async (part) => ({
			name: part.name,
			type: part.type,
			bytes: new Uint8Array(await part.arrayBuffer()),
		})),
	)
	try {
		return { readings: readCompanyFiles(files), unreadable: null }
	} catch (error) {
		if (!(error instanceof ContactSearchInputError)) throw error
		return { readings: [], unreadable: error.message }
	}
}

async function start(
	actor: Actor,
	value: Exclude<LeadScraperForm, CompanyModeForm>,
	files: UploadedFormFile[],
) {
	switch (value.source) {
		case 'FILE':
			return startLeadFileImports(actor, { files, instructions: value.instructions })
		case 'TEXT':
			return [await startLeadTextImport(actor, { text: value.text, instructions: value.instructions })]
		case 'LINK':
			return [
				await startLeadLinkImport(actor, linkInput({ url: value.url, instructions: value.instructions })),
			]
		case 'LINKEDIN_POST':
			return [
				await startLeadLinkImport(actor, {
					...linkInput({ url: value.postUrl, instructions: value.instructions }),
					type: 'LINKEDIN_POST',
					urlClassification: 'POST',
					contacts: readContacts(value.contacts),
					text: value.postText ?? null,
					postFilter: postFilterOf(value),
				}),
			]
	}
}

function linkInput({ url, instructions }: { url: string; instructions: string | null }) {
	return {
		url,
		instructions,
		text: null,
		contacts: null,
		source: null,
		urlClassification: null,
		type: 'LINK' as const,
		postFilter: null,
	}
}

/** The companion's people as the dialog sent them; anything else counts as none. */
function readContacts(json: string | undefined): unknown[] | null {
	if (!json) return null
	try {
		const parsed: unknown = JSON.parse(json)
		return Array.isArray(parsed) ? parsed.slice(0, LEAD_SAVE_MAX) : null
	} catch {
		return null
	}
}

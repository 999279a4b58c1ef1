import { data, redirect } from '@remix-run/node'
import {
	CompanyImportInputError,
	startCompanyCsvImport,
	startCompanyTextImport,
} from '#app/models/company-import/company-import.server.ts'
import { CompanyTextError, readTextUpload } from '#app/models/company-import/text/read-text-upload.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import { ScrapeUrlError, scrapeUrl } from '#app/models/web/scrape-url.server.ts'
import {
	COMPANY_IMPORT_MAX_FILE_BYTES,
	COMPANY_IMPORT_MAX_TEXT_LENGTH,
	COMPANY_IMPORT_MESSAGES,
} from '#app/schemas/company-import.ts'
import { SCRAPE_URL_MESSAGES, ScrapeUrlSchema } from '#app/schemas/scrape-url.ts'
import {
	isTrueFlag,
	readUploadForm,
	UploadTooLargeError,
	type UploadedFormFile,
} from '#app/utils/upload-form.server.ts'

// The Imports page's action (issue 13): start a company import from a CSV file or from text, and
// the Text Upload tab's no-JavaScript helpers (a .txt/.csv file read on the server, Scrape).

export type StartImportForm = 'csv' | 'text'

/** What the page reads back when it does not redirect: the form's message and the text to put back. */
export type StartImportActionData = {
	form: StartImportForm
	error: string | null
	notice: string | null
	text: string
	url: string
	instructions: string
	skipEnrichment: boolean
	manualMapping: boolean
}

function field(form: FormData, name: string) {
	const value = form.get(name)
	return typeof value === 'string' ? value : ''
}

function answer(values: Omit<StartImportActionData, 'notice'> & { notice?: string | null }, status = 400) {
	return data<StartImportActionData>({ notice: null, ...values }, { status })
}

function importPage(id: string) {
	return redirect(`/imports/companies/${id}`)
}

export async function startImportAction(request: Request, actor: Actor) {
	let upload
	try {
		upload = await readUploadForm(request, { maxFileBytes: COMPANY_IMPORT_MAX_FILE_BYTES })
	} catch (error) {
		const tooLarge = error instanceof UploadTooLargeError
		const form = new URL(request.url).searchParams.get('tab') === 'text' ? 'text' : 'csv'
		return answer(
			{
				form,
				error: tooLarge
					? form === 'csv'
						? 'The CSV file is larger than 1 MB'
						: 'The file is larger than 1 MB'
					: COMPANY_IMPORT_MESSAGES.couldNotRead,
				text: '',
				url: '',
				instructions: '',
				skipEnrichment: false,
				manualMapping: false,
			},
			tooLarge ? 413 : 400,
		)
	}
	const { form, file } = upload
	const intent = field(form, 'intent')
	const skipEnrichment = isTrueFlag(form.get('skipEnrichment'))
	if (intent === 'start-csv')
		return startCsv(actor, file, skipEnrichment, isTrueFlag(form.get('manualMapping')))
	if (intent === 'scrape' || intent === 'start-text') {
		const values = {
			form: 'text' as const,
			text: field(form, 'text'),
			url: field(form, 'url').trim(),
			instructions: field(form, 'instructions'),
			skipEnrichment,
			manualMapping: false,
		}
		return intent === 'scrape' ? scrape(actor, values, request.signal) : startText(actor, values, file)
	}
	throw new Response('Unknown action', { status: 400 })
}

async function startCsv(
	actor: Actor,
	file: UploadedFormFile | null,
	skipEnrichment: boolean,
	manualMapping: boolean,
) {
	try {
		const started = await startCompanyCsvImport({
			organizationId: actor.organizationId,
			userId: actor.userId,
			file,
			skipEnrichment,
			manualMapping,
			waitForUnsureMapping: true,
		})
		return importPage(started.id)
	} catch (error) {
		if (!(error instanceof CompanyImportInputError)) throw error
		return answer({
			form: 'csv',
			error: error.message,
			text: '',
			url: '',
			instructions: '',
			skipEnrichment,
			manualMapping,
		})
	}
}

type TextValues = Omit<StartImportActionData, 'error' | 'notice'>

/** A file posted without JavaScript: its text, decoded like every uploaded text (the text tab's reader). */
async function readTextFile(file: UploadedFormFile) {
	try {
		const { text } = await readTextUpload(new File([Buffer.from(file.bytes)], file.name, { type: file.type }))
		return text
	} catch (error) {
		if (error instanceof CompanyTextError) throw new CompanyImportInputError(error.message)
		throw error
	}
}

async function startText(actor: Actor, values: TextValues, file: UploadedFormFile | null) {
	try {
		let text = values.text
		let source = values.url ? values.url : 'Text'
		if (file) {
			// Without JavaScript the picked file is posted: its text joins what was typed.
			const fileText = await readTextFile(file)
			text = text.trim() ? `${text}\n\n${fileText}` : fileText
			source = file.name
		}
		const started = await startCompanyTextImport({
			organizationId: actor.organizationId,
			userId: actor.userId,
			text,
			instructions: values.instructions,
			skipEnrichment: values.skipEnrichment,
			source,
		})
		return importPage(started.id)
	} catch (error) {
		if (!(error instanceof CompanyImportInputError)) throw error
		return answer({ ...values, error: error.message })
	}
}

/** Scrape without JavaScript: the page comes back with the page's text in the text box. */
async function scrape(actor: Actor, values: TextValues, signal: AbortSignal) {
	const parsed = ScrapeUrlSchema.safeParse({ url: values.url })
	if (!parsed.success) {
		return answer({ ...values, error: parsed.error.issues[0]?.message ?? SCRAPE_URL_MESSAGES.invalidUrl })
	}
	try {
		let result
		try {
			result = await scrapeUrl(actor.organizationId, parsed.data, { signal })
		} catch (error) {
			// The spec's client retries a failed scrape once with the fallback scraper.
			if (!(error instanceof ScrapeUrlError) || error.status === 400) throw error
			result = await scrapeUrl(actor.organizationId, { ...parsed.data, useFirecrawl: true }, { signal })
		}
		return answer(
			{
				...values,
				url: parsed.data.url,
				text: result.text.slice(0, COMPANY_IMPORT_MAX_TEXT_LENGTH),
				error: null,
				notice: result.warning
					? `${SCRAPE_URL_MESSAGES.success}. ${result.warning}`
					: SCRAPE_URL_MESSAGES.success,
			},
			200,
		)
	} catch (error) {
		if (!(error instanceof ScrapeUrlError)) throw error
		return answer({ ...values, error: error.message })
	}
}

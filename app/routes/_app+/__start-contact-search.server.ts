import { type FindLeadsErrors } from '#app/components/contact-search/find-leads-fields.tsx'
import {
	ContactSearchInputError,
	startContactSearch,
} from '#app/models/contact-search/start-contact-search.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import {
	BulkContactSearchSchema,
	CONTACT_SEARCH_MESSAGES,
	type ContactSearchMode,
	type ContactSearchStarted,
	SingleContactSearchSchema,
} from '#app/schemas/contact-search.ts'

// The find-leads forms (one company, several) start a search from their fields: the same schema as
// the API, its messages by field, and the first one for the toast (spec: "the first error as a toast").

export type StartSearchOutcome =
	| { ok: true; started: ContactSearchStarted }
	| {
			ok: false
			errors: FindLeadsErrors
			firstError: string
			values: { lookingFor: string; topX: string }
	  }

export async function startSearchFromForm(
	actor: Actor,
	mode: ContactSearchMode,
	companyIds: string[],
	formData: FormData,
): Promise<StartSearchOutcome> {
	const values = {
		lookingFor: String(formData.get('lookingFor') ?? ''),
		topX: String(formData.get('topX') ?? ''),
	}
	const input =
		mode === 'single'
			? { targetCompany: { id: companyIds[0] }, lookingFor: values.lookingFor, topX: values.topX }
			: {
					targetCompanies: companyIds.map((id) => ({ id })),
					lookingFor: values.lookingFor,
					topX: values.topX,
				}
	const parsed = (mode === 'single' ? SingleContactSearchSchema : BulkContactSearchSchema).safeParse(input)
	if (!parsed.success) {
		const errors: FindLeadsErrors = {}
		for (const issue of parsed.error.issues) {
			const field =
				issue.path[0] === 'lookingFor' ? 'lookingFor' : issue.path[0] === 'topX' ? 'topX' : 'companyId'
			const message = field === 'companyId' ? CONTACT_SEARCH_MESSAGES.selectCompany : issue.message
			errors[field] = [...(errors[field] ?? []), message]
		}
		const firstError = Object.values(errors)[0]?.[0] ?? CONTACT_SEARCH_MESSAGES.lookingForRequired
		return { ok: false, errors, firstError, values }
	}
	try {
		return { ok: true, started: await startContactSearch(actor, { mode, input }) }
	} catch (error) {
		if (!(error instanceof ContactSearchInputError)) throw error
		if (error.status === 404) throw new Response(error.message, { status: 404 })
		return {
			ok: false,
			errors: { companyId: [error.message] },
			firstError: error.message,
			values,
		}
	}
}

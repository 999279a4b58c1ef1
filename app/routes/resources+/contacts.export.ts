import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	contactExportFilename,
	streamContactsCsv,
	type ContactExportTarget,
} from '#app/models/contact/contact-export.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { ContactSelectionSchema, contactFilterFromSearchParams } from '#app/schemas/contact-filter.ts'
import { apiError, methodNotAllowed } from '#app/utils/api.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const MAX_EXCLUDED = 10_000

/** GET with the contacts page's query (search, tags, campaign, list, sort): every matching contact. */
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const filter = contactFilterFromSearchParams(new URL(request.url).searchParams)
	return csvResponse(actor.organizationId, { selection: 'all', filter })
}

/**
 * POST form: `ids` (repeated or comma-separated) for a selection, or `selection=all` with the
 * filter fields and optional `excludeIds` for "all matching contacts" minus the unticked rows.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') throw methodNotAllowed()
	const actor = await requireActor(request)
	// A body that is not a form (JSON, text) made formData() throw: a 500.
	const form = await request.formData().catch(() => null)
	if (!form) throw apiError(415, 'unsupported_media_type', 'Send the selection as a form')
	const params = new URLSearchParams()
	for (const [key, value] of form) if (typeof value === 'string') params.append(key, value)
	const ids = splitIds(params.getAll('ids'))
	const excludeIds = splitIds(params.getAll('excludeIds'))
	const selection = ContactSelectionSchema.safeParse(params.get('selection') === 'all' ? 'all' : ids)
	if (!selection.success || excludeIds.length > MAX_EXCLUDED) {
		return redirectWithToast('/contacts', {
			type: 'error',
			title: 'Error: Could not export contacts',
			description: selection.error?.issues[0]?.message ?? 'Too many contacts were unticked',
		})
	}
	return csvResponse(actor.organizationId, {
		selection: selection.data,
		filter: contactFilterFromSearchParams(params),
		excludeIds,
	})
}

function splitIds(values: string[]) {
	return [
		...new Set(
			values
				.flatMap((value) => value.split(','))
				.map((id) => id.trim())
				.filter(Boolean),
		),
	]
}

function csvResponse(organizationId: string, target: ContactExportTarget) {
	return new Response(streamContactsCsv(organizationId, target), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${contactExportFilename()}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

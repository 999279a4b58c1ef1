import { type LoaderFunctionArgs } from '@remix-run/node'
import {
	contactSearchCsv,
	contactSearchCsvFileName,
} from '#app/components/contact-search/contact-search-csv.ts'
import {
	allResults,
	getContactSearch,
} from '#app/models/contact-search/results/contact-search-results.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'

// Export CSV without JavaScript: every person of the search, as the browser builds it with script.

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const search = await getContactSearch(actor.organizationId, params.queueId ?? '')
	if (!search?.result) throw new Response('Contact search not found', { status: 404 })
	const now = new Date()
	return new Response(contactSearchCsv(search.result, allResults(search.result), now), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${contactSearchCsvFileName(search.result.mode, now)}"`,
			'Cache-Control': 'no-store',
		},
	})
}

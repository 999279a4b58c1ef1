import { type ActionFunctionArgs } from '@remix-run/node'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { ScrapeUrlError, scrapeUrl } from '#app/models/web/scrape-url.server.ts'
import { ScrapeUrlSchema } from '#app/schemas/scrape-url.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST { url, useFirecrawl? } → { text, warning }; the spec's scrape messages as { error, message }.
// An expensive call: the guards' per-organization rate limit applies (issue 12).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const input = await parseJsonBody(request, ScrapeUrlSchema)
	try {
		return Response.json(await scrapeUrl(actor.organizationId, input, { signal: request.signal }))
	} catch (error) {
		if (error instanceof ScrapeUrlError) return apiError(error.status, error.code, error.message)
		throw error
	}
}

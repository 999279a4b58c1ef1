import { type ActionFunctionArgs } from '@remix-run/node'
import { enrichEntries } from '#app/models/company-import/enrichment/enrich-entries.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { CompanyEnrichRequestSchema } from '#app/schemas/company-import.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST [{ linkedinUrl, websiteUrl }, …] (or { companies: […] }), at most 25 → one answer per entry,
// in order: { data, sources, warnings } or { error, message }. Reads up to two pages per entry, so
// it spends the guards' per-organization scraping budget (server/guards/rate-limits.ts).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const entries = await parseJsonBody(request, CompanyEnrichRequestSchema)
	return Response.json(await enrichEntries(actor.organizationId, entries, { signal: request.signal }))
}

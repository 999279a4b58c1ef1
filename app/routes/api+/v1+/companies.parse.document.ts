import { type ActionFunctionArgs } from '@remix-run/node'
import { cutText } from '#app/models/company-import/text/cut-text.ts'
import { extractCompaniesFromText } from '#app/models/company-import/text/extract-companies-from-text.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { COMPANY_IMPORT_MAX_TEXT_LENGTH } from '#app/schemas/company-import.ts'
import { COMPANY_TEXT_PARSE_MESSAGES, CompanyTextParseSchema } from '#app/schemas/company-text-parse.ts'
import { methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// POST { content, instructions? } → { companies, warnings, extractor }: companies in a text, at once
// (the import job uses the same extractor for POST /companies/import/text).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const { content, instructions } = await parseJsonBody(request, CompanyTextParseSchema)
	const truncated = content.length > COMPANY_IMPORT_MAX_TEXT_LENGTH
	const result = await extractCompaniesFromText({
		organizationId: actor.organizationId,
		text: cutText(content, COMPANY_IMPORT_MAX_TEXT_LENGTH),
		instructions,
		signal: request.signal,
	})
	const warnings = truncated ? [COMPANY_TEXT_PARSE_MESSAGES.truncated, ...result.warnings] : result.warnings
	return Response.json({ ...result, warnings })
}

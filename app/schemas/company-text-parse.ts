import { z } from 'zod'
import {
	COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH,
	COMPANY_IMPORT_MAX_TEXT_LENGTH,
	COMPANY_IMPORT_MESSAGES,
} from './company-import.ts'

// POST /api/v1/companies/parse/document: { content, instructions? } → { companies, warnings, extractor }.

export const COMPANY_TEXT_PARSE_MESSAGES = {
	truncated: `The text is long: only its first ${COMPANY_IMPORT_MAX_TEXT_LENGTH.toLocaleString('en-US')} characters were read`,
	instructionsTooLong: `Instructions must be at most ${COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-US')} characters`,
	instructionsNotText: 'instructions must be text',
} as const

export const CompanyTextParseSchema = z.object({
	content: z
		.string({ error: COMPANY_IMPORT_MESSAGES.noText })
		.refine((text) => text.trim().length > 0, COMPANY_IMPORT_MESSAGES.noText),
	instructions: z
		.string({ error: COMPANY_TEXT_PARSE_MESSAGES.instructionsNotText })
		.trim()
		.max(COMPANY_IMPORT_MAX_INSTRUCTIONS_LENGTH, COMPANY_TEXT_PARSE_MESSAGES.instructionsTooLong)
		.nullish(),
})

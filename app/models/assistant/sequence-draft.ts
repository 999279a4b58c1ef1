import { z } from 'zod'

// What the assistant reads and writes (issue 5). Both writers — the model and the offline one —
// take the same request and return the same draft, which the rules in draft-rules.ts check.

export type AssistantContact = {
	firstName: string
	lastName: string
	email?: string | null
	linkedin?: string | null
	role?: string | null
	roleDetails?: string | null
	painPoints?: string | null
	decisionMakingCapacity?: string | null
	budgetControl?: string | null
	teamSize?: string | null
	technicalBackground?: string | null
	summary?: string | null
}

export type AssistantCompany = {
	name: string
	summary?: string | null
	description?: string | null
	tagline?: string | null
	industry?: string | null
	employeeCountRange?: string | null
	website?: string | null
}

export type AssistantOrganization = {
	name: string
	summary: string
	description: string
	/** The passages of the organization's documents relevant to this request, within the token budget. */
	passages: string[]
}

export type AssistantSender = { name: string; email: string }

export type GenerationRequest = {
	contact: AssistantContact
	company: AssistantCompany | null
	organization: AssistantOrganization
	sender: AssistantSender
	/** The user's additional information / instruction, may be empty. */
	instruction: string
	/** Organization Prompt toggle: use the organization's summary, description and documents. */
	useOrganizationPrompt: boolean
	linkedin: boolean
	phoneCall: boolean
}

export const REQUEST_NOTE_LIMIT = 200
export const SUBJECT_MAX_LENGTH = 80

export const EmailDraftStepSchema = z.object({
	subject: z.string(),
	/** Plain text; paragraphs separated by a blank line. */
	body: z.string(),
	daysAfter: z.number().int(),
})

export const LinkedInDraftStepSchema = z.object({
	/** Order 1 is the connection request: its note; later steps have a message. */
	requestNote: z.string().nullable(),
	message: z.string().nullable(),
	daysAfter: z.number().int(),
})

export const PhoneCallDraftStepSchema = z.object({
	talkingPoints: z.string(),
	daysAfter: z.number().int(),
})

/** The structured output both writers produce. */
export const SequenceDraftSchema = z.object({
	emailSteps: z.array(EmailDraftStepSchema),
	linkedInSteps: z.array(LinkedInDraftStepSchema),
	phoneCallSteps: z.array(PhoneCallDraftStepSchema),
})

export type SequenceDraft = z.infer<typeof SequenceDraftSchema>

/** `POST /api/sequences/modify`: rewrite existing email steps from an instruction. */
export type ModifyRequest = Omit<GenerationRequest, 'linkedin' | 'phoneCall'> & {
	existing: Array<z.infer<typeof EmailDraftStepSchema>>
}

export const ModifiedStepsSchema = z.object({ steps: z.array(EmailDraftStepSchema) })

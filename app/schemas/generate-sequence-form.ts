import { z } from 'zod'
import { GenerateSequenceBodySchema } from './assistant.ts'

/**
 * The no-JavaScript Generate Sequence page's form: the API body's fields and messages, except that
 * the contact comes from the URL and an unchecked checkbox is absent, so every toggle defaults off
 * (the page renders Organization Prompt checked instead).
 */
export const GenerateSequenceFormSchema = GenerateSequenceBodySchema.omit({ contactId: true }).extend({
	orgPrompt: z.boolean().default(false),
	linkedin: z.boolean().default(false),
	phoneCall: z.boolean().default(false),
})

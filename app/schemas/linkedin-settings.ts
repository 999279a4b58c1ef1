import { z } from 'zod'

// The user's LinkedIn settings: PUT /api/v1/linkedin/settings (JSON) and the Settings page's
// forms (no JavaScript needed). Each field is optional: what is given changes.

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional()

export const LinkedInSettingsBodySchema = z.object({
	/** Team administrators may run campaigns through this account (User.linkedinOrgConsent). */
	orgConsent: flag('orgConsent'),
	/** The server acts with the stored session while the user's browser is closed. */
	allowServerActions: flag('allowServerActions'),
	/** LinkedIn Premium: connection-request notes are not limited to 5 a month. */
	premium: flag('premium'),
})

export type LinkedInSettingsUpdate = z.infer<typeof LinkedInSettingsBodySchema>

export const LINKEDIN_SETTINGS_INTENTS = {
	update: 'update-linkedin-settings',
	disconnect: 'disconnect-linkedin',
} as const

/** A checkbox posts "on" when ticked and nothing when not: absent is false, since the form shows every box. */
const checkbox = z
	.string()
	.optional()
	.transform((value) => value === 'on' || value === 'true')

/** The settings form: its three checkboxes, all posted together. */
export const LinkedInSettingsFormSchema = z.object({
	orgConsent: checkbox,
	allowServerActions: checkbox,
	premium: checkbox,
})

import { z } from 'zod'

// POST /api/v1/linkedin/auth-status: what the Connect LinkedIn dialog posts after the Chrome
// companion hands over the user's LinkedIn session (GET_LINKEDIN_AUTH).

export const INCOMPLETE_LINKEDIN_AUTH = 'Incomplete authentication data received'

/** The profile is stored as the companion reports it, so its size is bounded instead of its shape. */
const USER_DETAILS_MAX_BYTES = 16_000

/**
 * The companion's profile of the signed-in LinkedIn member. Only the public identifier is read
 * (it becomes the user's LinkedIn username); other fields are kept for display.
 */
export const LinkedInUserDetailsSchema = z
	.looseObject({
		publicIdentifier: z.string().max(200).optional(),
		username: z.string().max(200).optional(),
	})
	.refine((details) => JSON.stringify(details).length <= USER_DETAILS_MAX_BYTES, {
		error: 'userDetails is too large',
	})

export type LinkedInUserDetails = z.infer<typeof LinkedInUserDetailsSchema>

const secret = z.string().trim().max(8_000, { error: 'Authentication data is too large' }).optional()

export const LinkedInAuthStatusBodySchema = z
	.object({
		isAuthenticated: z.boolean({ error: 'isAuthenticated must be true or false' }),
		linkedInAuthData: z
			.object({
				cookie: secret,
				csrfToken: secret,
				userDetails: LinkedInUserDetailsSchema.nullish(),
			})
			.nullish(),
		linkedinOrgConsent: z.boolean({ error: 'linkedinOrgConsent must be true or false' }).optional(),
	})
	.superRefine((body, context) => {
		if (!body.isAuthenticated) return
		if (!body.linkedInAuthData?.cookie || !body.linkedInAuthData.csrfToken) {
			context.addIssue({ code: 'custom', path: ['linkedInAuthData'], message: INCOMPLETE_LINKEDIN_AUTH })
		}
	})

export type LinkedInAuthStatusBody = z.infer<typeof LinkedInAuthStatusBodySchema>

/** A LinkedIn public identifier as it appears in /in/{username}. */
const USERNAME_PATTERN = /^[A-Za-z0-9\-_%.]{1,100}$/

/** The member's public identifier from the companion's profile, when it gives a usable one. */
export function linkedInUsernameFrom(details: LinkedInUserDetails | null | undefined) {
	const candidate = (details?.publicIdentifier ?? details?.username)?.trim()
	return candidate && USERNAME_PATTERN.test(candidate) ? candidate : null
}

/** POST /api/v1/linkedin/profile: the companion's profile alone, for a connected user without a username. */
export const LinkedInProfileBodySchema = z.object({
	userDetails: LinkedInUserDetailsSchema,
})

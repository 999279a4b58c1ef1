import { z } from 'zod'

// Personal access tokens (Settings → API tokens, decision 041): the create and revoke forms.

export const API_TOKEN_NAME_MAX = 100
/** Tokens a user may hold at once in one organization (revoked ones do not count). */
export const API_TOKENS_PER_USER_MAX = 25

export const API_TOKEN_SCOPES = ['READ', 'READ_WRITE'] as const
export type ApiTokenScopeName = (typeof API_TOKEN_SCOPES)[number]

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScopeName, string> = {
	READ: 'Read',
	READ_WRITE: 'Read and write',
}

export const API_TOKEN_MESSAGES = {
	nameRequired: 'Name is a required field',
	nameMax: `Name must be at most ${API_TOKEN_NAME_MAX} characters long`,
	scopeRequired: 'Choose read or read and write',
	tooMany: `You can hold at most ${API_TOKENS_PER_USER_MAX} active tokens; revoke one first`,
	created: 'Token created',
	revoked: 'Token revoked',
	notFound: 'Token not found',
	// The API's answers to a bearer token.
	invalid: 'Invalid or revoked API token',
	malformed: 'The Authorization header must be "Bearer <token>"',
	readOnly: 'This API token can only read; create a read-write token to make changes',
} as const

export const API_TOKEN_INTENTS = { create: 'create-token', revoke: 'revoke-token' } as const

export const CreateApiTokenSchema = z.object({
	intent: z.literal(API_TOKEN_INTENTS.create),
	name: z
		.string({ error: API_TOKEN_MESSAGES.nameRequired })
		.trim()
		.min(1, { error: API_TOKEN_MESSAGES.nameRequired })
		.max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MESSAGES.nameMax }),
	scope: z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeRequired }),
})

export const RevokeApiTokenSchema = z.object({
	intent: z.literal(API_TOKEN_INTENTS.revoke),
	tokenId: z.string({ error: API_TOKEN_MESSAGES.notFound }).min(1).max(100),
})

export const ApiTokenFormSchema = z.discriminatedUnion('intent', [CreateApiTokenSchema, RevokeApiTokenSchema])
export type ApiTokenForm = z.infer<typeof ApiTokenFormSchema>

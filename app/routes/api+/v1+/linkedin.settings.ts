import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
	getLinkedInAccountState,
	LinkedInSettingsError,
	updateLinkedInAccountSettings,
	type LinkedInAccountState,
} from '#app/models/linkedin/linkedin-account-settings.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { LinkedInSettingsBodySchema } from '#app/schemas/linkedin-settings.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

// The signed-in user's LinkedIn settings: the connection, organization consent, server actions,
// premium, the pause and the usage against LinkedIn's limits. Only ever the acting user's own.

function settingsJson(state: LinkedInAccountState) {
	return {
		connected: state.connected,
		connectedAt: state.connectedAt?.toISOString() ?? null,
		username: state.username,
		profile: state.profile,
		orgConsent: state.orgConsent,
		allowServerActions: state.allowServerActions,
		premium: state.premium,
		paused: state.pausedAt !== null,
		pausedAt: state.pausedAt?.toISOString() ?? null,
		pauseReason: state.pauseReason,
		backoffUntil: state.backoffUntil?.toISOString() ?? null,
		usage: state.usage,
		limits: state.limits,
	}
}

// GET: the settings and today's, this week's and this month's usage.
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiActor(request)
	return Response.json(settingsJson(await getLinkedInAccountState(actor.userId)))
}

// PUT: changes the fields given (orgConsent, allowServerActions, premium).
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'PUT') return methodNotAllowed()
	const actor = await requireApiActor(request)
	const body = await parseJsonBody(request, LinkedInSettingsBodySchema)
	try {
		return Response.json(settingsJson(await updateLinkedInAccountSettings(actor.userId, body)))
	} catch (error) {
		if (error instanceof LinkedInSettingsError) return apiError(error.status, 'not_connected', error.message)
		throw error
	}
}

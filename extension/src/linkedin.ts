// The LinkedIn client and the action executor the server's executor uses too (one implementation
// of LinkedIn's private API, decision 029), bound to this browser: requests carry the browser's
// own LinkedIn cookies (credentials: 'include'), so the session never leaves the browser here.

import { executeLinkedInAction } from '../../app/integrations/linkedin/execute-linkedin-action.ts'
import { createLinkedInClient } from '../../app/integrations/linkedin/linkedin-client.ts'
import { type LinkedInActionClaim } from '../../app/schemas/linkedin-action.ts'
import { type LinkedInSession } from './linkedin-session.ts'

export function browserLinkedInClient(baseUrl: string, session: LinkedInSession) {
	return createLinkedInClient({ baseUrl, csrfToken: session.csrfToken, credentials: 'include' })
}

export function executeInBrowser(baseUrl: string, session: LinkedInSession, claim: LinkedInActionClaim) {
	return executeLinkedInAction(browserLinkedInClient(baseUrl, session), claim)
}

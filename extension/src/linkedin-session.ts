// The user's LinkedIn session as this browser holds it: the li_at cookie (the login) and
// JSESSIONID ("ajax:…", quoted), whose unquoted value LinkedIn wants back as the csrf-token header.

export const NOT_LOGGED_IN_MESSAGE = 'Please log in to LinkedIn in this browser and try again'

export type LinkedInSession = {
	/** The Cookie header the server-side client sends: `li_at=…; JSESSIONID="ajax:…"`. */
	cookie: string
	csrfToken: string
}

/** chrome.cookies.get, or a stand-in for it in tests. */
export type CookieReader = (details: {
	url: string
	name: string
}) => Promise<{ value: string } | null | undefined>

/** The session cookies of the LinkedIn base, or null when this browser is not logged in. */
export async function readLinkedInSession(getCookie: CookieReader, baseUrl: string) {
	const [liAt, jsessionId] = await Promise.all([
		getCookie({ url: baseUrl, name: 'li_at' }),
		getCookie({ url: baseUrl, name: 'JSESSIONID' }),
	])
	const login = liAt?.value
	const csrfToken = jsessionId?.value.replace(/^"|"$/g, '')
	if (!login || !csrfToken) return null
	return { cookie: `li_at=${login}; JSESSIONID="${csrfToken}"`, csrfToken } satisfies LinkedInSession
}

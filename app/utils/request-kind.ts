/**
 * Who is asking, as far as signing in goes: a browser showing a page (send it to sign in) or a
 * program that reads the answer (tell it 401). Only browsers send `Sec-Fetch-*`, and a page's
 * scripts cannot forge them.
 *   - `X-Requested-With` (XMLHttpRequest, fetch libraries), or an Accept that asks for something
 *     other than HTML (`application/json`, `text/event-stream`, `text/csv`…): a program.
 *   - An Accept with `text/html`: a navigation or a plain form post.
 *   - A browser's request that accepts anything (`*∕*` or no Accept, with `Sec-Fetch-Mode`): Remix's
 *     own data requests (its forms and fetchers), which turn a redirect into a navigation.
 *   - Anything else (curl, scripts, HTTP libraries): a program.
 */
export function answersSignInWithRedirect(headers: Headers) {
	if (headers.has('X-Requested-With')) return false
	const accept = (headers.get('Accept') ?? '').toLowerCase()
	if (accept.includes('text/html')) return true
	const acceptsAnything =
		accept.trim() === '' || accept.split(',').every((type) => type.trim().startsWith('*/*'))
	return acceptsAnything && headers.has('Sec-Fetch-Mode')
}

import { PassThrough } from 'node:stream'
import { type AppLoadContext, createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { innerRemixError, isClientRoutingError } from './utils/client-routing-error.ts'
import { NonceProvider } from './utils/nonce-provider.tsx'

// Remix's default Node entry (bots wait for the whole page, browsers get the shell streamed,
// renders give up after ABORT_DELAY), plus the response's Content-Security-Policy nonce on
// every script React and Remix write (decision 019).

const ABORT_DELAY = 5_000

/**
 * Remix's default, less the router's 404s and 405s (a path or a method no route serves: the
 * client's mistake, answered with that status, not worth a stack trace each).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted || isClientRoutingError(error)) return
	console.error(innerRemixError(error))
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const nonce = loadContext.cspNonce
	// Bots (and SPA mode) get the finished page: no out-of-order streaming.
	const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce ?? ''}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors in the shell reject and Remix logs them; later ones only we can log.
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, ABORT_DELAY)
	})
}

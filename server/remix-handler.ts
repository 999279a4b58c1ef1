import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import {
	createReadableStreamFromReadable,
	createRequestHandler,
	type ServerBuild,
	writeReadableStreamToWritable,
} from '@remix-run/node'
import type express from 'express'
import { currentRequestContext } from '#app/utils/request-context.server.ts'
import { allowedMethods, routePattern } from './guards/allowed-methods.ts'
import { requireFormBody } from './guards/form-body.ts'
import {
	checkRequestUrl,
	type GuardedBody,
	limitUploadStream,
	readGuardedBody,
	RequestRefusal,
} from './guards/request-body.ts'

/**
 * Serves Remix, as @remix-run/express does, with the guards of issue 12 in front: hostile text in
 * the URL or a text body and oversized bodies are refused before any route runs; and the API
 * (`/api/…`) always answers in its own shape `{ error, message }` — Remix's "Unexpected Server
 * Error" becomes a 405 with `Allow` (a wrong method) or a 500 with a request id, never internals.
 */
export function createRemixHandler({
	build,
	mode,
}: {
	/** In development, a function: the build for this request (server/dev-build.ts). */
	build: ServerBuild | ((request: express.Request) => Promise<ServerBuild>)
	mode: 'development' | 'production'
}): express.RequestHandler {
	// One Remix handler per build object: Remix's handler keeps the build it derived in shared
	// variables, so two requests on different builds must not share one.
	const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>()
	const handlerFor = (serverBuild: ServerBuild) => {
		let handler = handlers.get(serverBuild)
		if (!handler) handlers.set(serverBuild, (handler = createRequestHandler(serverBuild, mode)))
		return handler
	}
	const loadBuild = typeof build === 'function' ? build : async () => build
	return async (request, response, next) => {
		try {
			checkRequestUrl(request)
			const isApi = request.path.startsWith('/api/')
			const serverBuild = await loadBuild(request)
			const handle = handlerFor(serverBuild)
			const context = currentRequestContext()
			if (context) context.route = routePattern(serverBuild, request.path) ?? undefined
			// A wrong method never reaches Remix, which would log it as an error with a stack.
			if (isApi) refuseWrongMethod(request, serverBuild)
			const body = await readGuardedBody(request)
			requireFormBody(request, body)
			let remixResponse = await handle(remixRequest(request, response, body), {
				cspNonce: response.locals.cspNonce as string | undefined,
			})
			if (isApi) remixResponse = await inApiShape(remixResponse, request)
			await sendResponse(response, remixResponse)
		} catch (error) {
			if (error instanceof RequestRefusal) {
				if (!response.headersSent) {
					if (error.allow) response.set('Allow', error.allow.join(', '))
					response.status(error.status).json({ error: error.error, message: error.message })
				}
				return
			}
			next(error)
		}
	}
}

function remixRequest(request: express.Request, response: express.Response, body: GuardedBody) {
	// `request.protocol` and `request.host` honour the trust-proxy setting (TRUST_PROXY) only.
	const url = new URL(`${request.protocol}://${request.get('host')}${request.originalUrl}`)
	let controller: AbortController | null = new AbortController()
	const init: RequestInit & { duplex?: 'half' } = {
		method: request.method,
		headers: remixHeaders(request.headers),
		signal: controller.signal,
	}
	if (body.kind === 'buffered') init.body = new Uint8Array(body.bytes)
	if (body.kind === 'stream') {
		init.body = createReadableStreamFromReadable(Readable.from(limitUploadStream(request)))
		init.duplex = 'half'
	}
	response.on('finish', () => (controller = null))
	response.on('close', () => controller?.abort())
	return new Request(url.href, init)
}

function remixHeaders(incoming: express.Request['headers']) {
	const headers = new Headers()
	for (const [key, values] of Object.entries(incoming)) {
		if (Array.isArray(values)) for (const value of values) headers.append(key, value)
		else if (values) headers.set(key, values)
	}
	return headers
}

async function sendResponse(response: express.Response, remixResponse: Response) {
	response.statusMessage = remixResponse.statusText
	response.status(remixResponse.status)
	// A route's header replaces the server's default (one Referrer-Policy, say); cookies add up.
	for (const [key, value] of remixResponse.headers.entries()) {
		if (key === 'set-cookie') response.append(key, value)
		else response.set(key, value)
	}
	if (remixResponse.headers.get('Content-Type')?.match(/text\/event-stream/i)) response.flushHeaders()
	if (remixResponse.body) await writeReadableStreamToWritable(remixResponse.body, response)
	else response.end()
}

/** Remix's own error body: what a thrown error or a missing loader/action becomes. */
async function isRemixError(response: Response) {
	if (response.status < 400 || !response.headers.get('Content-Type')?.includes('json')) return false
	const body = (await response
		.clone()
		.json()
		.catch(() => null)) as Record<string, unknown> | null
	return Boolean(body && !('error' in body) && typeof body.message === 'string')
}

function refuseWrongMethod(request: express.Request, build: ServerBuild) {
	const allow = allowedMethods(build, request.path)
	if (allow.length === 0 || allow.includes(request.method) || request.method === 'OPTIONS') return
	throw new RequestRefusal(405, 'method_not_allowed', `${request.method} is not allowed here`, allow)
}

async function inApiShape(response: Response, request: express.Request) {
	if (response.status < 500 || !(await isRemixError(response))) return response
	// The request log's id (server/request-log.ts), so the answer, this line and the log line agree.
	const requestId = currentRequestContext()?.requestId ?? randomUUID()
	// Remix's handleError (entry.server) has logged the error itself; this ties it to the answer.
	console.error(`request ${requestId}: ${request.method} ${request.path} answered 500`)
	return Response.json(
		{
			error: 'internal_error',
			message: `Something went wrong on our side (request ${requestId})`,
			requestId,
		},
		{ status: 500 },
	)
}

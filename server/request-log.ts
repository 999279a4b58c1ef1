import { randomUUID } from 'node:crypto'
import type express from 'express'
import { type RequestContext, runWithRequestContext } from '#app/utils/request-context.server.ts'

export type RequestLogLine = {
	time: string
	level: 'info' | 'error'
	msg: 'request'
	requestId: string
	method: string
	/** The Remix route pattern; null when no route answered (a guard refused, a static file, no match). */
	route: string | null
	status: number
	durationMs: number
	organizationId: string | null
	/** The client went away before the response was complete. */
	aborted?: true
}

type Options = {
	/** Write the lines (LOG_REQUESTS); the request id and its header are given either way. */
	enabled: boolean
	/** Honour an incoming X-Request-Id (only behind a proxy we trust: TRUST_PROXY). */
	trustIncomingId: boolean
	/** In production, static files and healthy healthchecks are not worth a line each. */
	quietRoutine: boolean
	write?: (line: string) => void
}

/**
 * One JSON line per request, written once the response has finished (or the client left), and a
 * request id for every request: sent back as `X-Request-Id` and shared, through the request
 * context, with the code that answers (the API's 500 quotes it, the organization is noted by auth).
 */
export function requestLog({
	enabled,
	trustIncomingId,
	quietRoutine,
	write = (line) => process.stdout.write(line),
}: Options): express.RequestHandler {
	return (request, response, next) => {
		const startedAt = process.hrtime.bigint()
		const context: RequestContext = {
			requestId: (trustIncomingId && acceptableRequestId(request.get('x-request-id'))) || randomUUID(),
		}
		response.setHeader('X-Request-Id', context.requestId)
		if (enabled) {
			let written = false
			const writeLine = () => {
				if (written) return
				written = true
				const line = logLine(request, response, context, startedAt)
				if (quietRoutine && isRoutine(request, line)) return
				write(`${JSON.stringify(line)}\n`)
			}
			response.once('finish', writeLine)
			response.once('close', writeLine)
		}
		runWithRequestContext(context, next)
	}
}

function logLine(
	request: express.Request,
	response: express.Response,
	context: RequestContext,
	startedAt: bigint,
): RequestLogLine {
	const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6
	return {
		time: new Date().toISOString(),
		level: response.statusCode >= 500 ? 'error' : 'info',
		msg: 'request',
		requestId: context.requestId,
		method: request.method,
		route: context.route ?? null,
		status: response.statusCode,
		durationMs: Math.round(durationMs * 10) / 10,
		organizationId: context.organizationId ?? null,
		...(response.writableFinished ? {} : { aborted: true as const }),
	}
}

/**
 * Static files (answered before any route, so no route pattern) and healthy healthchecks (polled
 * every few seconds by load balancers) would drown the lines that matter. Failures still show.
 */
function isRoutine(request: express.Request, line: RequestLogLine) {
	if (line.status >= 400) return false
	if (line.route === '/resources/healthcheck') return true
	return line.route === null && (request.method === 'GET' || request.method === 'HEAD')
}

/** A proxy's request id, if it looks like one (no spaces, quotes or control characters; bounded). */
export function acceptableRequestId(value: string | undefined) {
	return value && /^[\w.:-]{1,128}$/.test(value) ? value : undefined
}

/** LOG_REQUESTS: `true`/`false`; unset, on in production only (development has Vite's own noise). */
export function requestLogEnabled(value: string | undefined, mode: 'development' | 'production') {
	if (value === 'true' || value === '1') return true
	if (value === 'false' || value === '0') return false
	return mode === 'production' && process.env.NODE_ENV !== 'test'
}

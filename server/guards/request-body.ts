import type express from 'express'
import { hasHostileJson, hasHostileUrl, isHostileText } from './hostile-text.ts'

// Issue 12: every request body is bounded before it is read whole, and text bodies are checked for
// hostile text once, here, before any route (and so the database) sees them.

const MB = 1024 * 1024
/** JSON, form and text bodies. */
export const TEXT_BODY_LIMIT = 1 * MB
/** Uploads (multipart): above the largest upload the spec allows (a 10 MB PDF), whose route
 * answers with the spec's own message; anything larger is refused here unread. */
export const UPLOAD_BODY_LIMIT = 12 * MB

export type GuardedBody = { kind: 'buffered'; bytes: Buffer } | { kind: 'stream' } | { kind: 'none' }

export class RequestRefusal extends Error {
	constructor(
		readonly status: number,
		readonly error: string,
		message: string,
		/** For a 405: the methods the route answers. */
		readonly allow?: string[],
	) {
		super(message)
	}
}

const hostileTextRefusal = () =>
	new RequestRefusal(400, 'invalid_text', 'Text must not contain NUL characters or broken Unicode')

export function checkRequestUrl(request: express.Request) {
	if (hasHostileUrl(request.originalUrl)) throw hostileTextRefusal()
}

function isMultipart(request: express.Request) {
	return (request.get('content-type') ?? '').toLowerCase().startsWith('multipart/')
}

function limitOf(request: express.Request) {
	return isMultipart(request) ? UPLOAD_BODY_LIMIT : TEXT_BODY_LIMIT
}

function tooLarge(limit: number) {
	return new RequestRefusal(413, 'payload_too_large', `The request body is larger than ${limit / MB} MB`)
}

/**
 * Reads a text body (JSON, form, text) up to its limit and checks it; an upload is left to stream,
 * with its declared length checked here and its real length counted as it is read
 * (limitUploadStream). Refuses with RequestRefusal.
 */
export async function readGuardedBody(request: express.Request): Promise<GuardedBody> {
	if (request.method === 'GET' || request.method === 'HEAD') return { kind: 'none' }
	const limit = limitOf(request)
	const declared = Number(request.get('content-length') ?? 0)
	if (declared > limit) {
		// Read nothing more: the client learns at once, and the connection is not kept.
		request.socket.setTimeout(1)
		throw tooLarge(limit)
	}
	if (isMultipart(request)) return { kind: 'stream' }
	const bytes = await readUpTo(request, limit)
	checkTextBody(request.get('content-type') ?? '', bytes)
	return { kind: 'buffered', bytes }
}

async function readUpTo(stream: NodeJS.ReadableStream, limit: number) {
	const chunks: Buffer[] = []
	let length = 0
	for await (const chunk of stream) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
		length += buffer.length
		if (length > limit) throw tooLarge(limit)
		chunks.push(buffer)
	}
	return Buffer.concat(chunks)
}

function checkTextBody(contentType: string, bytes: Buffer) {
	if (bytes.length === 0) return
	const text = bytes.toString('utf8')
	const type = contentType.toLowerCase()
	if (type.includes('json')) {
		let parsed: unknown
		try {
			parsed = JSON.parse(text)
		} catch {
			return // not JSON: the route answers its own 400
		}
		if (hasHostileJson(parsed)) throw hostileTextRefusal()
		return
	}
	if (type.startsWith('application/x-www-form-urlencoded')) {
		for (const [key, value] of new URLSearchParams(text)) {
			if (isHostileText(key) || isHostileText(value)) throw hostileTextRefusal()
		}
		return
	}
	if (isHostileText(text)) throw hostileTextRefusal()
}

/** Counts an upload as it streams and fails it past the limit. */
export async function* limitUploadStream(request: express.Request) {
	let length = 0
	for await (const chunk of request) {
		length += (chunk as Buffer).length
		if (length > UPLOAD_BODY_LIMIT) throw tooLarge(UPLOAD_BODY_LIMIT)
		yield chunk as Buffer
	}
}

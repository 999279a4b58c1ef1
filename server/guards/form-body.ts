import type express from 'express'
import { type GuardedBody, RequestRefusal } from './request-body.ts'

// Issue 12: a page's action reads a form (Remix forms and fetchers, decision 011). Any other body —
// JSON, plain text, a missing Content-Type — made `request.formData()` throw, a 500 on every page
// with a form. The API (`/api/…`) and resource routes (`/resources/…`) read their own bodies.

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

function isPagePath(path: string) {
	return !path.startsWith('/api/') && !path.startsWith('/resources/')
}

/**
 * Refuses a page mutation whose body is not a form (415); a mutation without a body is an empty
 * form, so the action answers its own 400 (or does what needs no fields, as signing out).
 */
export function requireFormBody(request: express.Request, body: GuardedBody) {
	if (request.method === 'GET' || request.method === 'HEAD' || !isPagePath(request.path)) return
	const type = (request.get('content-type') ?? '').toLowerCase()
	if (FORM_TYPES.some((form) => type.startsWith(form))) return
	const isEmpty = body.kind === 'none' || (body.kind === 'buffered' && body.bytes.length === 0)
	if (isEmpty) {
		request.headers['content-type'] = FORM_TYPES[0]
		return
	}
	throw new RequestRefusal(
		415,
		'unsupported_media_type',
		'Forms are sent as application/x-www-form-urlencoded or multipart/form-data',
	)
}

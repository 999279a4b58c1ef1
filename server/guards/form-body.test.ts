import type express from 'express'
import { expect, test } from 'vitest'
import { requireFormBody } from './form-body.ts'
import { RequestRefusal, type GuardedBody } from './request-body.ts'

function request(method: string, path: string, contentType?: string) {
	const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
	return {
		method,
		path,
		headers,
		get: (name: string) => headers[name.toLowerCase()],
	} as unknown as express.Request
}
const someBytes: GuardedBody = { kind: 'buffered', bytes: Buffer.from('{"a":1}') }
const noBytes: GuardedBody = { kind: 'buffered', bytes: Buffer.alloc(0) }

function refusal(run: () => void) {
	try {
		run()
	} catch (error) {
		if (error instanceof RequestRefusal) return { status: error.status, error: error.error }
		throw error
	}
	return null
}

test('a page mutation with a body that is not a form is a 415', () => {
	for (const type of ['application/json', 'text/plain', undefined]) {
		expect(refusal(() => requireFormBody(request('POST', '/settings', type), someBytes))).toEqual({
			status: 415,
			error: 'unsupported_media_type',
		})
	}
})

test('forms pass; a page mutation without a body is an empty form', () => {
	expect(
		refusal(() =>
			requireFormBody(request('POST', '/settings', 'application/x-www-form-urlencoded'), someBytes),
		),
	).toBeNull()
	expect(
		refusal(() =>
			requireFormBody(request('PUT', '/settings', 'multipart/form-data; boundary=x'), { kind: 'stream' }),
		),
	).toBeNull()
	const empty = request('POST', '/logout')
	expect(refusal(() => requireFormBody(empty, noBytes))).toBeNull()
	expect(empty.headers['content-type']).toBe('application/x-www-form-urlencoded')
})

test('reads, the API and resource routes are left to their routes', () => {
	expect(refusal(() => requireFormBody(request('GET', '/settings'), { kind: 'none' }))).toBeNull()
	expect(
		refusal(() => requireFormBody(request('POST', '/api/v1/tags', 'application/json'), someBytes)),
	).toBeNull()
	expect(
		refusal(() =>
			requireFormBody(request('POST', '/resources/tags/coverage', 'application/json'), someBytes),
		),
	).toBeNull()
})

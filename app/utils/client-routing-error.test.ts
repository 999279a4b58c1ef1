import { UNSAFE_ErrorResponseImpl as ErrorResponse } from '@remix-run/router'
import { expect, test } from 'vitest'
import { innerRemixError, isClientRoutingError } from './client-routing-error.ts'

test("the router's 404 and 405 are the client's mistake", () => {
	const noAction = new Error(
		'You made a DELETE request to "/" but did not provide an `action` for route "routes/_index", so there is no way to handle the request.',
	)
	const noLoader = new Error(
		'You made a GET request to "/x" but did not provide a `loader` for route "routes/x", so there is no way to handle the request.',
	)
	const noRoute = new Error('No route matches URL "/nowhere"')
	expect(isClientRoutingError(noAction)).toBe(true)
	expect(isClientRoutingError(noLoader)).toBe(true)
	expect(isClientRoutingError(noRoute)).toBe(true)
	expect(isClientRoutingError(new ErrorResponse(405, 'Method Not Allowed', noAction, true))).toBe(true)
	expect(isClientRoutingError(new ErrorResponse(404, 'Not Found', noRoute, true))).toBe(true)
})

test('our own errors are not', () => {
	const ours = new Error('relation "Contact" does not exist')
	expect(isClientRoutingError(ours)).toBe(false)
	expect(isClientRoutingError(new ErrorResponse(500, 'Internal', ours, true))).toBe(false)
	expect(isClientRoutingError(new ErrorResponse(404, 'Not Found', ours, true))).toBe(false)
	expect(innerRemixError(new ErrorResponse(500, 'Internal', ours, true))).toBe(ours)
})

import type { z } from 'zod'

/**
 * The API's error shape: `{ error, message }` with a 4xx status. A real Response:
 * Remix serves resource routes' `data()` as a 200 (returned) or as "Unexpected
 * Server Error" (thrown), never with our status and body.
 */
export function apiError(status: number, error: string, message: string) {
	return Response.json({ error, message }, { status })
}

/** Throws the API's 400 when the body is not JSON or fails the schema. */
export async function parseJsonBody<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): Promise<z.infer<Schema>> {
	let body: unknown
	try {
		const text = await request.text()
		body = text ? JSON.parse(text) : {}
	} catch {
		throw apiError(400, 'invalid_json', 'Request body must be valid JSON')
	}
	const parsed = schema.safeParse(body)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		throw apiError(400, 'validation_error', issue?.message ?? 'Invalid request body')
	}
	return parsed.data
}

export function methodNotAllowed() {
	return apiError(405, 'method_not_allowed', 'Method not allowed')
}

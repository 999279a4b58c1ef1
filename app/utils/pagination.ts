import { z } from 'zod'

// One convention for pages: `?page=2` (and `?contactsPage=2`, `?tagPage=2`) is the second page,
// and code holds the same 1-based number; skip = (page - 1) × size.

/** Far beyond any real table (10 million rows at 100 a page); keeps OFFSET sane for hand-typed URLs. */
export const MAX_PAGE = 100_000

/** The 1-based page a query parameter asks for: its whole number, clamped to 1…MAX_PAGE; anything else is 1. */
export function parsePage(value: string | null | undefined) {
	const page = Number.parseInt(value ?? '', 10)
	return Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1
}

/** The rows of a 1-based page, as `take` and `skip`. */
export function pageWindow(page: number, size: number) {
	return { take: size, skip: (page - 1) * size }
}

/** How many pages `total` rows fill (at least one, so an empty table is "Page 1 of 1"). */
export function pageCount(total: number, size: number) {
	return Math.max(1, Math.ceil(total / size))
}

/**
 * The JSON API's `?take&skip` window: `take` from 1 to `maxTake` (else `maxTake`), `skip` from 0
 * (else 0).
 */
export function takeSkipFromSearchParams(params: URLSearchParams, maxTake: number) {
	return z
		.object({
			take: z.coerce.number().int().min(1).max(maxTake).catch(maxTake),
			skip: z.coerce.number().int().min(0).catch(0),
		})
		.parse({ take: params.get('take') ?? undefined, skip: params.get('skip') ?? undefined })
}

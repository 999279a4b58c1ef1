import type { Answer, SentRequest } from './app-under-test.ts'
import { changedTables, fingerprint, foreignIdsInRows, type Fingerprint } from './org-fingerprint.ts'
import type { SeededOrganization } from './org-fixtures.ts'

// The checks both sweeps make after every request that carried another organization's ids:
// nothing of theirs in the answer, nothing of theirs changed, nothing of ours pointing at theirs.

/** B's ids that appear in the answer without having been sent, and B's marker outside what was sent. */
export function leaksIn(answer: Answer, request: SentRequest, other: SeededOrganization) {
	const sent = `${request.path} ${bodyText(request.body)}`
	const sentValues = Object.values(other.ids).filter((value) => sent.includes(value))
	let text = answer.text
	for (const value of sentValues) text = text.split(value).join('')
	const leaks = Object.entries(other.ids)
		.filter(([, value]) => text.includes(value))
		.map(([kind]) => `their ${kind} id`)
	if (text.toLowerCase().includes(other.marker.toLowerCase())) leaks.push(`their data ("${other.marker}…")`)
	return leaks
}

/** Compares B's fingerprint with the one taken at the start, and looks for B's ids in A's rows. */
export async function crossWrites(
	other: SeededOrganization,
	otherBefore: Fingerprint,
	ownOrganizationId: string,
) {
	const problems = changedTables(otherBefore, await fingerprint(other.ids.organization)).map(
		(table) => `changed their ${table}`,
	)
	const ids = Object.entries(other.ids)
		.filter(([kind]) => kind !== 'companySlug' && kind !== 'listSlug')
		.map(([, id]) => id)
	problems.push(...(await foreignIdsInRows(ownOrganizationId, ids)))
	return problems
}

/** A body as text, a multipart one as its fields (an answer may echo what was sent). */
function bodyText(body: SentRequest['body']) {
	if (body === undefined) return ''
	if (typeof body === 'string') return body
	return [...body].map(([name, value]) => `${name}=${typeof value === 'string' ? value : '(file)'}`).join('&')
}

/** One request as a line of a failure message. */
export function describeRequest(request: SentRequest, answer?: Answer) {
	const body = request.body === undefined ? '' : ` ${bodyText(request.body).slice(0, 200)}`
	const status = answer ? ` → ${answer.status} ${answer.text.slice(0, 200)}` : ''
	return `${request.method} ${request.path.slice(0, 200)}${body}${status}`
}

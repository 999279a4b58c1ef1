import { z } from 'zod'

// Add Contacts, one dialog for lists and campaigns: the group kinds, the candidates resource's
// path and row, and the no-JavaScript form's field names.

export const CANDIDATE_GROUP_KINDS = ['list', 'campaign'] as const
export const CandidateGroupKindSchema = z.enum(CANDIDATE_GROUP_KINDS)
export type CandidateGroupKind = z.output<typeof CandidateGroupKindSchema>

/** The spec's dialog titles. */
export const ADD_CONTACTS_TITLE: Record<CandidateGroupKind, string> = {
	list: 'Add Contacts to List',
	campaign: 'Add Contacts',
}

/** The candidates resource of a group: GET ?search&tags&sortBy&sortDirection&take&skip. */
export function candidatesPath(kind: CandidateGroupKind, groupId: string) {
	return `/resources/candidates/${kind}/${encodeURIComponent(groupId)}`
}

/** A row of Add Contacts as the browser gets it (listGroupCandidates, its date as an ISO string). */
export type CandidateRow = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	linkedin: string | null
	role: string | null
	company: { id: string; name: string } | null
	tags: Array<{ id: string; name: string }>
	createdAt: string
	/** Already a member: shown as Added, cannot be picked. */
	added: boolean
	/** The campaign channel rule the contact fails; null when it can join (always null for a list). */
	ineligibleReason: string | null
}

/** The form field names the list and campaign actions read (the form without JavaScript). */
export const PICKER_FIELDS = { ids: 'contactIds', scope: 'scope', search: 'search', tags: 'tags' } as const

import { type CandidateGroup, listGroupCandidates } from '#app/models/contact/contact-candidates.server.ts'
import { PICKER_FIELDS } from '#app/schemas/add-contacts.ts'
import {
	CONTACTS_PAGE_SIZE,
	type ContactFilter,
	ContactFilterSchema,
	contactFilterFromSearchParams,
	type ContactSelection,
} from '#app/schemas/contact-filter.ts'
import { pageWindow, parsePage } from '#app/utils/pagination.ts'
import { redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'

// The list page and the campaign page share their shape: a page of members (?contactsPage=) and
// the Add Contacts form without JavaScript (?add, with search, tags and page in the query
// string) posting back to the page. These are the server halves they share.

/** A row as the browser gets it: its date as an ISO string. */
function withIsoCreatedAt<Row extends { createdAt: Date }>(row: Row) {
	return { ...row, createdAt: row.createdAt.toISOString() }
}

/** The members table's page: `?contactsPage=` (1-based) and the rows it covers. */
export function membersPage(url: URL) {
	const page = parsePage(url.searchParams.get('contactsPage'))
	return { page, window: pageWindow(page, CONTACTS_PAGE_SIZE) }
}

/** The members of a page, ready for the browser. */
export function serializeMembers<Row extends { createdAt: Date }>(rows: Row[]) {
	return rows.map(withIsoCreatedAt)
}

/**
 * With `?add`: the Add Contacts form's state (search, tags, 1-based page) and its page of the
 * group's candidates; without it, null.
 */
export async function loadAddContactsPanel(url: URL, organizationId: string, group: CandidateGroup) {
	if (!url.searchParams.has('add')) return null
	const filter = contactFilterFromSearchParams(url.searchParams)
	const page = parsePage(url.searchParams.get('page'))
	const { rows, total, addable } = await listGroupCandidates(
		organizationId,
		group,
		filter,
		pageWindow(page, CONTACTS_PAGE_SIZE),
	)
	return {
		search: filter.search ?? '',
		tags: filter.tags,
		page,
		total,
		addable,
		rows: rows.map(withIsoCreatedAt),
	}
}

/**
 * The half of a list or campaign page's data that both share: its page of members, ready for the
 * browser, and with `?add` the Add Contacts form (loadAddContactsPanel).
 */
export async function groupPageData<Row extends { createdAt: Date }>(
	url: URL,
	organizationId: string,
	group: CandidateGroup,
	members: { contacts: Row[]; total: number; page: number },
) {
	return {
		contacts: serializeMembers(members.contacts),
		total: members.total,
		contactsPage: members.page,
		add: await loadAddContactsPanel(url, organizationId, group),
	}
}

/** The selection a picker form posted: 'all' (with its search and tags) or the ticked ids. */
export function pickerSelection(formData: FormData) {
	const filter = ContactFilterSchema.parse({
		search: String(formData.get(PICKER_FIELDS.search) ?? ''),
		tags: String(formData.get(PICKER_FIELDS.tags) ?? ''),
	})
	if (formData.get(PICKER_FIELDS.scope) === 'all') return { selection: 'all' as const, filter }
	const ids = formData
		.getAll(PICKER_FIELDS.ids)
		.filter((value): value is string => typeof value === 'string' && value.length > 0)
	return { selection: [...new Set(ids)].slice(0, 10_000), filter }
}

/**
 * The Add Contacts form's action: the page's intent, the optional permission check, a selection
 * (at least one contact), then `add` and back to the page with its toast.
 */
export async function addContactsFromPicker(
	request: Request,
	{
		back,
		intent,
		forbidden = null,
		add,
	}: {
		/** The page itself, where every outcome returns. */
		back: string
		intent: string
		/** Why this user may not add, if they may not. */
		forbidden?: string | null
		add: (selection: ContactSelection, filter: ContactFilter) => Promise<ToastInput>
	},
) {
	const formData = await request.formData()
	if (formData.get('intent') !== intent)
		return redirectWithToast(back, { type: 'error', title: 'Unknown action' })
	if (forbidden) return redirectWithToast(back, { type: 'error', title: forbidden })
	const { selection, filter } = pickerSelection(formData)
	if (selection !== 'all' && selection.length === 0) {
		return redirectWithToast(`${back}?add=1`, { type: 'error', title: 'Select at least one contact' })
	}
	return redirectWithToast(back, await add(selection, filter))
}

import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ContactPickerPanel, pickerHref } from '#app/components/lists/contact-picker-panel.tsx'
import { AddContactsLink, GroupPage } from '#app/components/lists/group-page.tsx'
import { MemberContactsTable } from '#app/components/lists/member-contacts-table.tsx'
import { TagFilterPopover } from '#app/components/tags/tag-filter-popover.tsx'
import { notify } from '#app/components/toaster.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import {
	addContactsToList,
	findListBySlug,
	getListWithContacts,
	listListCandidates,
} from '#app/models/list/list.server.ts'
import { contactsAddedToListMessage, LIST_ADD_FORBIDDEN } from '#app/schemas/list.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	addContactsFromPicker,
	loadAddContactsPanel,
	membersPage,
	serializeMembers,
} from './__add-contacts.server.ts'

const ADD_INTENT = 'add-to-list'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const members = membersPage(url)
	const list = await getListWithContacts(actor.organizationId, params.slug ?? '', members.window)
	if (!list) throw new Response('List not found', { status: 404 })

	// ?add opens Add Contacts to List; its state (search, tags, page) lives in the query string.
	if (url.searchParams.has('add')) {
		const forbidden = listPermissionError(actor, 'add')
		if (forbidden) throw await redirectWithToast(`/lists/${list.slug}`, { type: 'error', title: forbidden })
	}
	const add = await loadAddContactsPanel(url, (filter, window) =>
		listListCandidates(actor.organizationId, list.id, filter, window),
	)
	return {
		list: { id: list.id, slug: list.slug, name: list.name, description: list.description },
		contacts: serializeMembers(list.contacts),
		total: list.total,
		contactsPage: members.page,
		isAdmin: actor.isPlatformAdmin,
		add,
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const list = await findListBySlug(actor.organizationId, params.slug ?? '')
	if (!list) throw new Response('List not found', { status: 404 })
	return addContactsFromPicker(request, {
		back: `/lists/${list.slug}`,
		intent: ADD_INTENT,
		forbidden: listPermissionError(actor, 'add'),
		add: async (selection, filter) => {
			const { added } = await addContactsToList(actor.organizationId, list.id, selection, filter)
			return { type: 'success', title: contactsAddedToListMessage(added) }
		},
	})
}

export default function ListRoute() {
	const { list, contacts, total, contactsPage, isAdmin, add } = useLoaderData<typeof loader>()
	const navigate = useNavigate()
	const hydrated = useHydrated()
	const base = `/lists/${list.slug}`

	const panel = add ? (
		<ContactPickerPanel
			heading="Add Contacts to List"
			intent={ADD_INTENT}
			base={base}
			state={add}
			rows={add.rows}
			total={add.total}
			plain={hydrated}
			tagFilter={
				hydrated ? (
					<TagFilterPopover
						selectedTagIds={add.tags}
						onChange={(tags) => navigate(pickerHref(base, { ...add, tags, page: 1 }), { replace: true })}
					/>
				) : null
			}
		/>
	) : null

	return (
		<GroupPage
			backTo="/lists"
			backLabel="Lists"
			title={list.name}
			description={list.description ?? undefined}
			actions={
				<AddContactsLink
					onClick={(event) => {
						// The spec: others see the message and no dialog stays open.
						if (!isAdmin) {
							event.preventDefault()
							notify({ type: 'error', title: LIST_ADD_FORBIDDEN })
						}
					}}
				/>
			}
		>
			{panel && !hydrated ? panel : null}
			{panel && hydrated ? (
				<DialogShell
					open
					onOpenChange={(open) => (open ? null : navigate(base, { preventScrollReset: true }))}
					title="Add Contacts to List"
					description={`Tick contacts to add to ${list.name}, or add every match.`}
					className="max-w-5xl"
				>
					{panel}
				</DialogShell>
			) : null}
			<MemberContactsTable
				label="List contacts"
				rows={contacts}
				total={total}
				page={contactsPage}
				base={base}
				emptyMessage="No contacts in this list yet."
			/>
		</GroupPage>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.list.name} · Lists · Reachout` : 'List · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useAddContacts } from '#app/components/add-contacts/add-contacts.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AddContactsLink, GroupPage } from '#app/components/lists/group-page.tsx'
import { MemberContactsTable } from '#app/components/lists/member-contacts-table.tsx'
import { notify } from '#app/components/toaster.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import { addContactsToList, findListBySlug, getListWithContacts } from '#app/models/list/list.server.ts'
import { contactsAddedToListMessage, LIST_ADD_FORBIDDEN } from '#app/schemas/list.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { addContactsFromPicker, groupPageData, membersPage } from './__add-contacts.server.ts'

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
	const group = { kind: 'list' as const, id: list.id, name: list.name }
	return {
		list: { ...group, slug: list.slug, description: list.description },
		isAdmin: actor.isPlatformAdmin,
		...(await groupPageData(url, actor.organizationId, group, { ...list, page: members.page })),
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
	const base = `/lists/${list.slug}`
	const addContacts = useAddContacts({
		group: { kind: 'list', id: list.id, name: list.name },
		base,
		intent: ADD_INTENT,
		panel: add,
	})

	return (
		<GroupPage
			backTo="/lists"
			backLabel="Lists"
			title={list.name}
			description={list.description ?? undefined}
			actions={
				<AddContactsLink
					onClick={(event) => {
						// With JavaScript: the dialog; the spec: others see the message and no dialog.
						event.preventDefault()
						if (isAdmin) addContacts.open()
						else notify({ type: 'error', title: LIST_ADD_FORBIDDEN })
					}}
				/>
			}
		>
			{addContacts.element}
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

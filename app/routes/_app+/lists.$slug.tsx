import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { ArrowLeft, UserPlus } from 'lucide-react'
import { toast } from 'sonner'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ContactPickerPanel, pickerSelection } from '#app/components/lists/contact-picker-panel.tsx'
import { MemberContactsTable } from '#app/components/lists/member-contacts-table.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { TagFilterPopover } from '#app/components/tags/tag-filter-popover.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { listPermissionError } from '#app/models/list/list-permissions.server.ts'
import {
	addContactsToList,
	findListBySlug,
	getListWithContacts,
	listListCandidates,
} from '#app/models/list/list.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { CONTACTS_PAGE_SIZE, contactFilterFromSearchParams } from '#app/schemas/contact-filter.ts'
import { contactsAddedToListMessage, LIST_ADD_FORBIDDEN } from '#app/schemas/list.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

const ADD_INTENT = 'add-to-list'

function pageParam(value: string | null) {
	const page = Number(value)
	return Number.isInteger(page) && page > 1 ? page - 1 : 0
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const contactsPage = pageParam(url.searchParams.get('contactsPage'))
	const list = await getListWithContacts(actor.organizationId, params.slug ?? '', {
		take: CONTACTS_PAGE_SIZE,
		skip: contactsPage * CONTACTS_PAGE_SIZE,
	})
	if (!list) throw new Response('List not found', { status: 404 })

	// ?add opens Add Contacts to List; its state (search, tags, page) lives in the query string.
	let add = null
	if (url.searchParams.has('add')) {
		const forbidden = listPermissionError(actor, 'add')
		if (forbidden) throw await redirectWithToast(`/lists/${list.slug}`, { type: 'error', title: forbidden })
		const filter = contactFilterFromSearchParams(url.searchParams)
		const page = pageParam(url.searchParams.get('page'))
		const { rows, total } = await listListCandidates(actor.organizationId, list.id, filter, {
			take: CONTACTS_PAGE_SIZE,
			skip: page * CONTACTS_PAGE_SIZE,
		})
		add = {
			search: filter.search ?? '',
			tags: filter.tags,
			page,
			total,
			rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
		}
	}
	return {
		list: { id: list.id, slug: list.slug, name: list.name, description: list.description },
		contacts: list.contacts.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
		total: list.total,
		contactsPage,
		isAdmin: actor.isPlatformAdmin,
		add,
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const list = await findListBySlug(actor.organizationId, params.slug ?? '')
	if (!list) throw new Response('List not found', { status: 404 })
	const back = `/lists/${list.slug}`
	const formData = await request.formData()
	if (formData.get('intent') !== ADD_INTENT)
		return redirectWithToast(back, { type: 'error', title: 'Unknown action' })
	const forbidden = listPermissionError(actor, 'add')
	if (forbidden) return redirectWithToast(back, { type: 'error', title: forbidden })
	const { selection, filter } = pickerSelection(formData)
	if (selection !== 'all' && selection.length === 0) {
		return redirectWithToast(`${back}?add=1`, { type: 'error', title: 'Select at least one contact' })
	}
	const { added } = await addContactsToList(actor.organizationId, list.id, selection, filter)
	return redirectWithToast(back, { type: 'success', title: contactsAddedToListMessage(added) })
}

export default function ListRoute() {
	const { list, contacts, total, contactsPage, isAdmin, add } = useLoaderData<typeof loader>()
	const location = useLocation()
	const navigate = useNavigate()
	const hydrated = useHydrated()
	const base = `/lists/${list.slug}`

	function addHref(changes: Record<string, string | null>) {
		const params = new URLSearchParams(location.search)
		params.set('add', '1')
		for (const [key, value] of Object.entries(changes)) {
			if (value) params.set(key, value)
			else params.delete(key)
		}
		return `${base}?${params}`
	}

	const panel = add ? (
		<ContactPickerPanel
			heading="Add Contacts to List"
			intent={ADD_INTENT}
			rows={add.rows}
			total={add.total}
			page={add.page}
			search={add.search}
			tags={add.tags}
			closeHref={base}
			pageHref={(page) => addHref({ page: page > 0 ? String(page + 1) : null })}
			plain={hydrated}
			tagFilter={
				hydrated ? (
					<TagFilterPopover
						selectedTagIds={add.tags}
						onChange={(tags) =>
							navigate(addHref({ tags: tags.join(',') || null, page: null }), { replace: true })
						}
					/>
				) : null
			}
		/>
	) : null

	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
			<Link
				to="/lists"
				className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
			>
				<ArrowLeft className="size-4" aria-hidden="true" />
				Lists
			</Link>
			<PageHeader
				className="mb-0"
				title={list.name}
				description={list.description ?? undefined}
				actions={
					<Link
						to="?add=1"
						className={buttonVariants()}
						onClick={(event) => {
							// The spec: others see the message and no dialog stays open.
							if (!isAdmin) {
								event.preventDefault()
								toast.error(LIST_ADD_FORBIDDEN)
							}
						}}
					>
						<UserPlus aria-hidden="true" />
						Add Contacts
					</Link>
				}
			/>
			{panel && !hydrated ? panel : null}
			{panel && hydrated ? (
				<Dialog open onOpenChange={(open) => (open ? null : navigate(base, { preventScrollReset: true }))}>
					<DialogContent className="max-w-5xl">
						<DialogHeader>
							<DialogTitle>Add Contacts to List</DialogTitle>
							<DialogDescription>Tick contacts to add to {list.name}, or add every match.</DialogDescription>
						</DialogHeader>
						{panel}
					</DialogContent>
				</Dialog>
			) : null}
			<MemberContactsTable
				label="List contacts"
				rows={contacts}
				total={total}
				page={contactsPage}
				pageHref={(page) => (page > 0 ? `${base}?contactsPage=${page + 1}` : base)}
				emptyMessage="No contacts in this list yet."
			/>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.list.name} · Lists · Reachout` : 'List · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

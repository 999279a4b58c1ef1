import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { Download, Plus } from 'lucide-react'
import { useState } from 'react'
import { AddToCampaignDialog } from '#app/components/campaigns/add-to-campaign-dialog.tsx'
import { ContactDetailDialog } from '#app/components/contacts/contact-detail-dialog.tsx'
import { AddContactDialog } from '#app/components/contacts/contact-form-dialog.tsx'
import { useOptimisticContacts } from '#app/components/contacts/contacts-optimistic.ts'
import { ContactsPagination } from '#app/components/contacts/contacts-pagination.tsx'
import { useContactSelection } from '#app/components/contacts/contacts-selection.ts'
import { ContactsTable, type ContactTableRow } from '#app/components/contacts/contacts-table.tsx'
import { ContactsToolbar } from '#app/components/contacts/contacts-toolbar.tsx'
import { SelectionBar, SelectionExportForm } from '#app/components/contacts/selection-bar.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ScrapeLeadsButton } from '#app/components/lead-scraper/lead-scraper-dialog.tsx'
import { AddToListDialog } from '#app/components/lists/add-to-list-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { GenerateSequencesDialog } from '#app/components/sequences/generate-sequences/generate-sequences-dialog.tsx'
import { AddTagsDialog } from '#app/components/tags/add-tags-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { listCampaignOptions } from '#app/models/campaign/campaign.server.ts'
import { findContactsPage, type ContactRow } from '#app/models/contact/contact-list.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { findTags, listTagOptions } from '#app/models/tag/tag.server.ts'
import {
	CONTACTS_PAGE_SIZE,
	contactFilterFromSearchParams,
	contactFilterToSearchParams,
	type ContactFilter,
} from '#app/schemas/contact-filter.ts'
import { generationQuery } from '#app/schemas/generation-run-form.ts'
import { TAG_FILTER_PAGE_SIZE } from '#app/schemas/tag.ts'
import { parsePage } from '#app/utils/pagination.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const organizationId = actor.organizationId
	const url = new URL(request.url)
	const filter = contactFilterFromSearchParams(url.searchParams)
	const page = parsePage(url.searchParams.get('page'))
	const [{ contacts, total }, campaigns, tagOptions, selectedTags] = await Promise.all([
		findContactsPage(organizationId, filter, {
			take: CONTACTS_PAGE_SIZE,
			skip: (page - 1) * CONTACTS_PAGE_SIZE,
		}),
		listCampaignOptions(organizationId),
		// The tag filter's fallback without JavaScript; the popover pages through tags itself.
		listTagOptions(organizationId, { take: TAG_FILTER_PAGE_SIZE }),
		findTags(organizationId, filter.tags),
	])
	const lastPage = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE))
	if (page > lastPage) throw redirect(pageHref(filter, lastPage))
	return {
		contacts: contacts.map(toTableRow),
		total,
		page,
		filter,
		campaigns,
		tagOptions,
		selectedTags,
	}
}

function toTableRow(contact: ContactRow): ContactTableRow {
	return {
		id: contact.id,
		firstName: contact.firstName,
		lastName: contact.lastName,
		email: contact.email,
		role: contact.role,
		status: contact.status,
		createdAt: contact.createdAt.toISOString(),
		company: contact.company,
		tags: contact.tags,
		campaigns: contact.campaigns.map(({ campaign }) => campaign),
	}
}

function pageHref(filter: ContactFilter, page: number) {
	const params = contactFilterToSearchParams(filter)
	if (page > 1) params.set('page', String(page))
	const query = params.toString()
	return query ? `/contacts?${query}` : '/contacts'
}

function sortHref(filter: ContactFilter, field: ContactFilter['sortBy']) {
	// A new column starts in its natural order (names A→Z, newest first); the active one flips.
	const sortDirection =
		filter.sortBy === field
			? filter.sortDirection === 'asc'
				? 'desc'
				: 'asc'
			: field === 'firstName'
				? 'asc'
				: 'desc'
	return pageHref({ ...filter, sortBy: field, sortDirection }, 1)
}

type BulkDialog = 'tags' | 'list' | 'campaign' | 'generate'

export default function ContactsRoute() {
	const data = useLoaderData<typeof loader>()
	const { filter, page } = data
	const hydrated = useHydrated()
	const revalidator = useRevalidator()
	const optimistic = useOptimisticContacts(data.contacts, data.total)
	const selection = useContactSelection({
		total: optimistic.total,
		resetKey: contactFilterToSearchParams(filter).toString(),
	})
	const [bulkDialog, setBulkDialog] = useState<BulkDialog | null>(null)
	const [openContactId, setOpenContactId] = useState<string | null>(null)
	const [addingContact, setAddingContact] = useState(false)

	const hasFilter = Boolean(filter.search || filter.tags.length || filter.campaign || filter.list)
	const rows = optimistic.rows
	const pageSelected = rows.length > 0 && rows.every((row) => selection.isSelected(row.id))
	const exportQuery = contactFilterToSearchParams(filter).toString()
	const bulkProps = {
		selection: selection.target.selection,
		filter,
		excludeIds: selection.target.excludeIds,
		contactCount: selection.count,
	}

	function closeBulkDialog(open: boolean) {
		if (open) return
		setBulkDialog(null)
		// Whatever the dialog managed to save (all, part or nothing), the rows show it now.
		revalidator.revalidate()
	}

	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Contacts"
				description={`${new Intl.NumberFormat('en-US').format(optimistic.total)} ${hasFilter ? 'matching ' : ''}${
					optimistic.total === 1 ? 'contact' : 'contacts'
				}`}
				actions={
					<>
						<Button asChild variant="outline">
							<a href={`/resources/contacts/export${exportQuery ? `?${exportQuery}` : ''}`} download>
								<Download aria-hidden="true" />
								Export CSV
							</a>
						</Button>
						<ScrapeLeadsButton />
						<AddContactButton hydrated={hydrated} onOpen={() => setAddingContact(true)} />
					</>
				}
			/>
			<ContactsToolbar
				filter={filter}
				campaigns={data.campaigns}
				tagOptions={data.tagOptions}
				selectedTags={data.selectedTags}
				hydrated={hydrated}
			/>
			<SelectionExportForm selection={selection} filter={filter} hydrated={hydrated} />
			{rows.length === 0 ? (
				<EmptyState filtered={hasFilter} onAddContact={() => setAddingContact(true)} />
			) : (
				<>
					<ContactsTable
						rows={rows}
						filter={filter}
						sortHref={(field) => sortHref(filter, field)}
						selection={selection}
						hydrated={hydrated}
						onOpenContact={setOpenContactId}
					/>
					<ContactsPagination
						page={page}
						pageSize={CONTACTS_PAGE_SIZE}
						total={optimistic.total}
						rowsOnPage={rows.length}
						pageHref={(target) => pageHref(filter, target)}
					/>
				</>
			)}
			<SelectionBar
				selection={selection}
				total={optimistic.total}
				pageSelected={pageSelected}
				onAddTags={() => setBulkDialog('tags')}
				onAddToList={() => setBulkDialog('list')}
				onAddToCampaign={() => setBulkDialog('campaign')}
				onGenerateSequences={() => setBulkDialog('generate')}
			/>
			{bulkDialog === 'tags' ? (
				<AddTagsDialog
					open
					onOpenChange={closeBulkDialog}
					{...bulkProps}
					// Optimistic: the rows show the tags as the save starts, and lose them if it fails;
					// the revalidation on close brings the server's truth.
					onSaving={(tags) => optimistic.showAddedTags(tags, selection.target)}
				/>
			) : null}
			{bulkDialog === 'list' ? <AddToListDialog open onOpenChange={closeBulkDialog} {...bulkProps} /> : null}
			{bulkDialog === 'generate' ? (
				<GenerateSequencesDialog
					query={generationQuery(selection.target, filter)}
					open
					onOpenChange={closeBulkDialog}
				/>
			) : null}
			{bulkDialog === 'campaign' ? (
				<AddToCampaignDialog open onOpenChange={closeBulkDialog} {...bulkProps} />
			) : null}
			{openContactId ? (
				<ContactDetailDialog
					contactId={openContactId}
					open
					onOpenChange={(open) => {
						if (!open) setOpenContactId(null)
					}}
					onDeleted={(id) => {
						// Hidden while the delete ran (see useOptimisticContacts); kept hidden until the
						// fetcher's revalidation has replaced the page.
						optimistic.removeContact(id)
						selection.forget(id)
						setOpenContactId(null)
					}}
					onUpdated={() => revalidator.revalidate()}
				/>
			) : null}
			{/* Its fetcher's action revalidates this page, so the new contact appears by itself. */}
			<AddContactDialog open={addingContact} onOpenChange={setAddingContact} />
		</div>
	)
}

/** With JavaScript the Add Contact dialog; without it, the Add Contact page. */
function AddContactButton({ hydrated, onOpen }: { hydrated: boolean; onOpen: () => void }) {
	const content = (
		<>
			<Plus aria-hidden="true" />
			Add Contact
		</>
	)
	if (!hydrated) {
		return (
			<Button asChild>
				<Link to="/contacts/new">{content}</Link>
			</Button>
		)
	}
	return (
		<Button type="button" aria-haspopup="dialog" onClick={onOpen}>
			{content}
		</Button>
	)
}

function EmptyState({ filtered, onAddContact }: { filtered: boolean; onAddContact: () => void }) {
	const hydrated = useHydrated()
	return (
		<div className="flex flex-col items-center gap-3 rounded-md border border-dashed bg-background px-6 py-16 text-center">
			{filtered ? (
				<>
					<h2 className="text-lg font-semibold">No contacts found</h2>
					<p className="text-sm text-muted-foreground">No contacts match this search and these filters.</p>
					<Button asChild variant="outline">
						<Link to="/contacts">Clear filters</Link>
					</Button>
				</>
			) : (
				<>
					<h2 className="text-lg font-semibold">No contacts yet</h2>
					<p className="text-sm text-muted-foreground">
						Add your first contact to start building outreach sequences.
					</p>
					<AddContactButton hydrated={hydrated} onOpen={onAddContact} />
				</>
			)}
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Contacts · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

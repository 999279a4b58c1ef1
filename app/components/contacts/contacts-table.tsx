import { Link } from '@remix-run/react'
import { formatDate } from '#app/components/settings/format-date.ts'
import { ContactStatusBadge } from '#app/components/status-badge.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { BadgeOverflow, PageCheckbox, SortableHead } from './contact-table-parts.tsx'
import { type ContactSelectionApi } from './contacts-selection.ts'

export type ContactTableRow = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	role: string | null
	status: string
	createdAt: string
	company: { id: string; name: string } | null
	tags: Array<{ id: string; name: string }>
	campaigns: Array<{ id: string; name: string }>
}

/** The spec's overflow rules: three tags, then +N; one campaign, then +N. */
export const VISIBLE_TAGS = 3
export const VISIBLE_CAMPAIGNS = 1

/** The checkboxes post their ids with this form (the CSV export), which also works without JavaScript. */
export const SELECTION_FORM_ID = 'contacts-selection-form'

type SortField = ContactFilter['sortBy']

export function ContactsTable({
	rows,
	filter,
	sortHref,
	selection,
	hydrated,
	onOpenContact,
}: {
	rows: ContactTableRow[]
	filter: Pick<ContactFilter, 'sortBy' | 'sortDirection'>
	sortHref: (field: SortField) => string
	selection: ContactSelectionApi
	hydrated: boolean
	onOpenContact: (id: string) => void
}) {
	const pageIds = rows.map((row) => row.id)
	const selectedOnPage = pageIds.filter((id) => selection.isSelected(id)).length
	const sortDirectionOf = (field: SortField) => (filter.sortBy === field ? filter.sortDirection : null)
	return (
		<div className="rounded-md border bg-background">
			<Table aria-label="Contacts">
				<TableHeader>
					<TableRow>
						<TableHead className="w-10">
							<PageCheckbox
								checked={rows.length > 0 && selectedOnPage === rows.length}
								indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
								disabled={!hydrated || rows.length === 0}
								onChange={(checked) => selection.setRows(pageIds, checked)}
							/>
						</TableHead>
						<SortableHead
							label="Name"
							direction={sortDirectionOf('firstName')}
							href={sortHref('firstName')}
						/>
						<TableHead>Email</TableHead>
						<TableHead>Company</TableHead>
						<TableHead priority="lowest">Role</TableHead>
						<TableHead className="w-px">Status</TableHead>
						<TableHead priority="low">Tags</TableHead>
						<TableHead priority="low">Campaigns</TableHead>
						<SortableHead
							className="w-px"
							label="Created"
							direction={sortDirectionOf('createdAt')}
							href={sortHref('createdAt')}
						/>
					</TableRow>
				</TableHeader>
				<TableBody>
					{rows.map((row) => (
						<ContactRow
							key={row.id}
							row={row}
							selected={selection.isSelected(row.id)}
							hydrated={hydrated}
							onSelect={(checked) => selection.setRows([row.id], checked)}
							onOpen={() => onOpenContact(row.id)}
						/>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

function ContactRow({
	row,
	selected,
	hydrated,
	onSelect,
	onOpen,
}: {
	row: ContactTableRow
	selected: boolean
	hydrated: boolean
	onSelect: (checked: boolean) => void
	onOpen: () => void
}) {
	const name = `${row.firstName} ${row.lastName}`.trim()
	return (
		<TableRow
			data-state={selected ? 'selected' : undefined}
			className={hydrated ? 'cursor-pointer' : undefined}
			onClick={(event) => {
				// Clicks on the checkbox, links and buttons do their own thing.
				if ((event.target as HTMLElement).closest('a, button, input, label')) return
				if (hydrated) onOpen()
			}}
		>
			<TableCell>
				<Checkbox
					name="ids"
					value={row.id}
					form={SELECTION_FORM_ID}
					aria-label={`Select ${name}`}
					checked={selected}
					onChange={(event) => onSelect(event.currentTarget.checked)}
				/>
			</TableCell>
			<TruncatedCell text={name} className="min-w-[8rem] font-medium">
				<Link
					to={`/contacts/${row.id}`}
					className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
					onClick={(event) => {
						// With JavaScript the name opens the detail dialog; a new tab still gets the page.
						if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
						event.preventDefault()
						onOpen()
					}}
				>
					{name}
				</Link>
			</TruncatedCell>
			<TruncatedCell text={row.email} />
			<TruncatedCell text={row.company?.name} />
			<TruncatedCell text={row.role} priority="lowest" />
			<TableCell>
				<ContactStatusBadge status={row.status} />
			</TableCell>
			<TableCell priority="low" className="min-w-[13rem] max-w-0">
				<BadgeOverflow items={row.tags} visible={VISIBLE_TAGS} label="tags" />
			</TableCell>
			<TableCell priority="low" className="min-w-[7rem] max-w-0">
				<BadgeOverflow items={row.campaigns} visible={VISIBLE_CAMPAIGNS} label="campaigns" />
			</TableCell>
			<TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(row.createdAt)}</TableCell>
		</TableRow>
	)
}

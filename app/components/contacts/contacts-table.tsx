import { Link } from '@remix-run/react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { formatDate } from '#app/components/settings/format-date.ts'
import { ContactStatusBadge } from '#app/components/status-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
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
						<SortableHead field="firstName" label="Name" filter={filter} href={sortHref('firstName')} />
						<TableHead>Email</TableHead>
						<TableHead>Company</TableHead>
						<TableHead>Role</TableHead>
						<TableHead>Status</TableHead>
						<TableHead>Tags</TableHead>
						<TableHead>Campaigns</TableHead>
						<SortableHead field="createdAt" label="Created" filter={filter} href={sortHref('createdAt')} />
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

function PageCheckbox({
	checked,
	indeterminate,
	disabled,
	onChange,
}: {
	checked: boolean
	indeterminate: boolean
	disabled: boolean
	onChange: (checked: boolean) => void
}) {
	const ref = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (ref.current) ref.current.indeterminate = indeterminate
	}, [indeterminate])
	return (
		<Checkbox
			ref={ref}
			aria-label="Select all contacts on this page"
			checked={checked}
			disabled={disabled}
			onChange={(event) => onChange(event.currentTarget.checked)}
		/>
	)
}

function SortableHead({
	field,
	label,
	filter,
	href,
}: {
	field: SortField
	label: string
	filter: Pick<ContactFilter, 'sortBy' | 'sortDirection'>
	href: string
}) {
	const active = filter.sortBy === field
	const Icon = !active ? ArrowUpDown : filter.sortDirection === 'asc' ? ArrowUp : ArrowDown
	return (
		<TableHead aria-sort={active ? (filter.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
			<Link
				to={href}
				preventScrollReset
				className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
			>
				{label}
				<Icon className="h-3.5 w-3.5" aria-hidden="true" />
				<span className="sr-only">
					{active
						? `, sorted ${filter.sortDirection === 'asc' ? 'ascending' : 'descending'}; click to reverse`
						: ', click to sort'}
				</span>
			</Link>
		</TableHead>
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
			<TableCell className="font-medium">
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
			</TableCell>
			<TableCell className="max-w-[16rem] truncate">{row.email}</TableCell>
			<TableCell className="max-w-[12rem] truncate">{row.company?.name}</TableCell>
			<TableCell className="max-w-[12rem] truncate">{row.role}</TableCell>
			<TableCell>
				<ContactStatusBadge status={row.status} />
			</TableCell>
			<TableCell>
				<Overflow items={row.tags} visible={VISIBLE_TAGS} label="tags" />
			</TableCell>
			<TableCell>
				<Overflow items={row.campaigns} visible={VISIBLE_CAMPAIGNS} label="campaigns" />
			</TableCell>
			<TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(row.createdAt)}</TableCell>
		</TableRow>
	)
}

function Overflow({
	items,
	visible,
	label,
}: {
	items: Array<{ id: string; name: string }>
	visible: number
	label: string
}) {
	if (items.length === 0) return null
	const hidden = items.slice(visible)
	return (
		<ul className="flex flex-wrap items-center gap-1" aria-label={label}>
			{items.slice(0, visible).map((item) => (
				<li key={item.id}>
					<Badge variant="secondary" className="max-w-[10rem] truncate font-normal">
						{item.name}
					</Badge>
				</li>
			))}
			{hidden.length > 0 ? (
				<li>
					<Badge variant="outline" className="font-normal" title={hidden.map((item) => item.name).join(', ')}>
						+{hidden.length}
						<span className="sr-only">
							{' '}
							more {label}: {hidden.map((item) => item.name).join(', ')}
						</span>
					</Badge>
				</li>
			) : null}
		</ul>
	)
}

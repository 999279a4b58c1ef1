import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '#app/components/ui/tooltip.tsx'
import { cn } from '#app/utils/misc.ts'
import { type CandidateQuery, type CandidateRow } from './use-candidate-pages.ts'

/** The spec: 8 skeleton rows while the Add Contacts table loads. */
export const SKELETON_ROWS = 8
const VISIBLE_TAGS = 2

type SortField = CandidateQuery['sortBy']

export type RowState = {
	added: boolean
	pending: boolean
	selected: boolean
	/** The channel rule the contact fails, shown as a tooltip; null when it can join. */
	disabledReason: string | null
}

export function AddContactsTable({
	rows,
	sort,
	onSort,
	rowState,
	pageChecked,
	pageIndeterminate,
	pageSelectable,
	onTogglePage,
	onToggleRow,
	onAddRow,
}: {
	rows: CandidateRow[] | null
	sort: Pick<CandidateQuery, 'sortBy' | 'sortDirection'>
	onSort: (field: SortField) => void
	rowState: (row: CandidateRow) => RowState
	pageChecked: boolean
	pageIndeterminate: boolean
	pageSelectable: boolean
	onTogglePage: (checked: boolean) => void
	onToggleRow: (id: string, checked: boolean) => void
	onAddRow: (row: CandidateRow) => void
}) {
	return (
		<Table aria-label="Contacts to add" aria-busy={rows === null}>
			<TableHeader className="sticky top-0 z-10 bg-background">
				<TableRow>
					<TableHead className="w-10">
						<PageCheckbox
							checked={pageChecked}
							indeterminate={pageIndeterminate}
							disabled={!pageSelectable}
							onChange={onTogglePage}
						/>
					</TableHead>
					<SortableHead field="firstName" label="Name" sort={sort} onSort={onSort} />
					<TableHead>Email</TableHead>
					<TableHead>LinkedIn</TableHead>
					<TableHead>Company</TableHead>
					<TableHead>Tags</TableHead>
					<SortableHead field="createdAt" label="Created At" sort={sort} onSort={onSort} />
					<TableHead className="w-24 text-right">
						<span className="sr-only">Action</span>
					</TableHead>
				</TableRow>
			</TableHeader>
			<TableBody>
				{rows === null
					? Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)
					: rows.map((row) => (
							<CandidateTableRow
								key={row.id}
								row={row}
								state={rowState(row)}
								onToggle={(checked) => onToggleRow(row.id, checked)}
								onAdd={() => onAddRow(row)}
							/>
						))}
			</TableBody>
		</Table>
	)
}

function SkeletonRow() {
	return (
		<TableRow data-testid="skeleton-row">
			{Array.from({ length: 8 }, (_, index) => (
				<TableCell key={index}>
					<Skeleton className={index === 0 ? 'size-4' : 'h-4 w-full'} />
				</TableCell>
			))}
		</TableRow>
	)
}

function CandidateTableRow({
	row,
	state,
	onToggle,
	onAdd,
}: {
	row: CandidateRow
	state: RowState
	onToggle: (checked: boolean) => void
	onAdd: () => void
}) {
	const name = `${row.firstName} ${row.lastName}`.trim()
	const selectable = !state.added && !state.disabledReason
	return (
		<TableRow
			data-state={state.selected ? 'selected' : undefined}
			aria-disabled={selectable ? undefined : true}
			className={state.disabledReason ? 'text-muted-foreground' : undefined}
		>
			<TableCell>
				<Checkbox
					aria-label={`Select ${name}`}
					checked={selectable && state.selected}
					disabled={!selectable || state.pending}
					onChange={(event) => onToggle(event.currentTarget.checked)}
				/>
			</TableCell>
			<TableCell className="font-medium">{name}</TableCell>
			<TableCell className="max-w-[14rem] truncate">{row.email}</TableCell>
			<TableCell className="max-w-[12rem] truncate">{row.linkedin}</TableCell>
			<TableCell className="max-w-[10rem] truncate">{row.company?.name}</TableCell>
			<TableCell>
				<div className="flex flex-wrap gap-1">
					{row.tags.slice(0, VISIBLE_TAGS).map((tag) => (
						<Badge key={tag.id} variant="secondary" className="font-normal">
							{tag.name}
						</Badge>
					))}
					{row.tags.length > VISIBLE_TAGS ? (
						<Badge variant="outline" className="font-normal">
							+{row.tags.length - VISIBLE_TAGS}
						</Badge>
					) : null}
				</div>
			</TableCell>
			<TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
			<TableCell className="text-right">
				<RowAction name={name} state={state} onAdd={onAdd} />
			</TableCell>
		</TableRow>
	)
}

function RowAction({ name, state, onAdd }: { name: string; state: RowState; onAdd: () => void }) {
	if (state.added) {
		return (
			<span className="inline-flex items-center gap-1 text-sm font-medium text-green-700">
				<Check className="size-4" aria-hidden="true" />
				Added
			</span>
		)
	}
	if (state.disabledReason) {
		// Not a disabled <button>: those get no pointer or focus events, and the rule must show
		// as a tooltip on hover and on keyboard focus.
		return (
			<Tooltip>
				<TooltipTrigger asChild>
					<span
						role="button"
						tabIndex={0}
						aria-disabled="true"
						aria-label={`Add ${name}`}
						className={cn(
							buttonVariants({ variant: 'outline', size: 'sm' }),
							'cursor-not-allowed opacity-50',
						)}
					>
						Add
					</span>
				</TooltipTrigger>
				<TooltipContent className="max-w-xs">{state.disabledReason}</TooltipContent>
			</Tooltip>
		)
	}
	return (
		<Button
			type="button"
			size="sm"
			variant="outline"
			disabled={state.pending}
			onClick={onAdd}
			aria-label={`Add ${name}`}
		>
			{state.pending ? 'Adding…' : 'Add'}
		</Button>
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
	sort,
	onSort,
}: {
	field: SortField
	label: string
	sort: Pick<CandidateQuery, 'sortBy' | 'sortDirection'>
	onSort: (field: SortField) => void
}) {
	const active = sort.sortBy === field
	const Icon = !active ? ArrowUpDown : sort.sortDirection === 'asc' ? ArrowUp : ArrowDown
	return (
		<TableHead aria-sort={active ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
			<button
				type="button"
				onClick={() => onSort(field)}
				className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
			>
				{label}
				<Icon className="size-3.5" aria-hidden="true" />
			</button>
		</TableHead>
	)
}

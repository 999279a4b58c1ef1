import {
	AddedMark,
	BadgeOverflow,
	PageCheckbox,
	SortableHead,
} from '#app/components/contacts/contact-table-parts.tsx'
import { LinkedInCell } from '#app/components/contacts/linkedin-cell.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
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
	const directionOf = (field: SortField) => (sort.sortBy === field ? sort.sortDirection : null)
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
					<SortableHead
						label="Name"
						direction={directionOf('firstName')}
						onSort={() => onSort('firstName')}
					/>
					<TableHead>Email</TableHead>
					<TableHead priority="low">LinkedIn</TableHead>
					<TableHead>Company</TableHead>
					<TableHead priority="low">Tags</TableHead>
					<SortableHead
						label="Created At"
						direction={directionOf('createdAt')}
						onSort={() => onSort('createdAt')}
					/>
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
				<TableCell key={index} priority={index === 3 || index === 5 ? 'low' : undefined}>
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
			<TruncatedCell text={name} className="min-w-[8rem] font-medium" />
			<TruncatedCell text={row.email} />
			<LinkedInCell url={row.linkedin} />
			<TruncatedCell text={row.company?.name} />
			<TableCell priority="low" className="min-w-[10rem] max-w-0">
				<BadgeOverflow items={row.tags} visible={VISIBLE_TAGS} label="tags" />
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
		return <AddedMark className="text-sm" />
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

import { Link } from '@remix-run/react'
import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { TableHead } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/misc.ts'

// The pieces every table of contacts shares (the contacts screen, a list's or a campaign's
// members, the Add Contacts tables): the page checkbox, sortable headers, badge overflow,
// the Added mark and the page links.

/** The header checkbox that ticks every row of the page; indeterminate when only some are. */
export function PageCheckbox({
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

const sortControlClass =
	'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/**
 * A column header that sorts: a link (`href`, works without JavaScript, with a spoken hint) or a
 * button (`onSort`), with the arrow of the current direction and `aria-sort`.
 */
export function SortableHead({
	label,
	direction,
	href,
	onSort,
	className,
}: {
	label: string
	className?: string
	/** The sort of this column, or null when the table is sorted by another. */
	direction: 'asc' | 'desc' | null
	href?: string
	onSort?: () => void
}) {
	const Icon = !direction ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown
	const icon = <Icon className="size-3.5" aria-hidden="true" />
	return (
		<TableHead
			className={className}
			aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
		>
			{href !== undefined ? (
				<Link to={href} preventScrollReset className={sortControlClass}>
					{label}
					{icon}
					<span className="sr-only">
						{direction
							? `, sorted ${direction === 'asc' ? 'ascending' : 'descending'}; click to reverse`
							: ', click to sort'}
					</span>
				</Link>
			) : (
				<button type="button" onClick={onSort} className={sortControlClass}>
					{label}
					{icon}
				</button>
			)}
		</TableHead>
	)
}

/** The first `visible` names as badges, then "+N" for the rest (their names in its title). */
export function BadgeOverflow({
	items,
	visible,
	label,
}: {
	items: Array<{ id: string; name: string }>
	visible: number
	/** What the items are ("tags", "campaigns"), for screen readers. */
	label: string
}) {
	if (items.length === 0) return null
	const hidden = items.slice(visible)
	return (
		// One line: long names shrink, each cut with an ellipsis and whole in its tooltip.
		<ul className="flex min-w-0 items-center gap-1" aria-label={label}>
			{items.slice(0, visible).map((item) => (
				<li key={item.id} className="min-w-[3.25rem] shrink">
					<Badge variant="secondary" className="block max-w-[10rem] truncate font-normal" title={item.name}>
						{item.name}
					</Badge>
				</li>
			))}
			{hidden.length > 0 ? (
				<li className="shrink-0">
					<Badge
						variant="outline"
						className="whitespace-nowrap font-normal"
						title={hidden.map((item) => item.name).join(', ')}
					>
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

/** A contact already in the list or campaign. */
export function AddedMark({ className }: { className?: string }) {
	return (
		<span className={cn('inline-flex items-center gap-1 font-medium text-green-700', className)}>
			<Check className="size-4" aria-hidden="true" />
			Added
		</span>
	)
}

/** "Page 2 of 5 · 480 contacts" between Previous and Next links (each only where there is a page). */
export function ContactPageLinks({
	label,
	page,
	pageCount,
	total,
	pageHref,
	className,
}: {
	label: string
	/** 1-based. */
	page: number
	pageCount: number
	total: number
	pageHref: (page: number) => string
	className?: string
}) {
	const linkClass = buttonVariants({ variant: 'outline', size: 'sm' })
	return (
		<nav
			aria-label={label}
			className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}
		>
			{page > 1 ? (
				<Link to={pageHref(page - 1)} className={linkClass}>
					Previous
				</Link>
			) : null}
			<span>
				Page {page} of {pageCount} · {total.toLocaleString('en-US')} contacts
			</span>
			{page < pageCount ? (
				<Link to={pageHref(page + 1)} className={linkClass}>
					Next
				</Link>
			) : null}
		</nav>
	)
}

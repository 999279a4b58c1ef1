import { Link } from '@remix-run/react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'

/** Previous / next links that keep the filters (`query` is the applied filters without page). */
export function AdminPagination({
	page,
	pageCount,
	total,
	query,
	noun,
}: {
	page: number
	pageCount: number
	total: number
	query: string
	noun: string
}) {
	const href = (target: number) => {
		const params = new URLSearchParams(query)
		params.delete('page')
		if (target > 1) params.set('page', String(target))
		const search = params.toString()
		return search ? `?${search}` : '.'
	}
	const linkClass = buttonVariants({ variant: 'outline', size: 'sm' })
	return (
		<nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2 text-sm">
			<p className="text-muted-foreground">
				{total} {noun}
				{total === 1 ? '' : 's'} · page {page} of {pageCount}
			</p>
			<div className="flex gap-2">
				{page > 1 ? (
					<Link to={href(page - 1)} className={linkClass} rel="prev">
						Previous
					</Link>
				) : (
					<span className={cn(linkClass, 'pointer-events-none opacity-50')} aria-disabled="true">
						Previous
					</span>
				)}
				{page < pageCount ? (
					<Link to={href(page + 1)} className={linkClass} rel="next">
						Next
					</Link>
				) : (
					<span className={cn(linkClass, 'pointer-events-none opacity-50')} aria-disabled="true">
						Next
					</span>
				)}
			</div>
		</nav>
	)
}

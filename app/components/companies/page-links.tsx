import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'

/** "Page X of Y" with Previous/Next links that keep the other query parameters. */
export function PageLinks({
	page,
	lastPage,
	searchParams,
	label = 'Pagination',
}: {
	page: number
	lastPage: number
	searchParams: URLSearchParams
	label?: string
}) {
	if (lastPage <= 1) return null
	function hrefFor(target: number) {
		const params = new URLSearchParams(searchParams)
		if (target <= 1) params.delete('page')
		else params.set('page', String(target))
		const query = params.toString()
		return query ? `?${query}` : '?'
	}
	const linkClass = buttonVariants({ variant: 'outline', size: 'sm' })
	const disabledClass = cn(linkClass, 'pointer-events-none opacity-50')
	return (
		<nav aria-label={label} className="flex items-center justify-end gap-2 text-sm">
			<span className="mr-2 text-muted-foreground">
				Page {page} of {lastPage}
			</span>
			{page > 1 ? (
				<Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset>
					<ChevronLeft aria-hidden="true" />
					Previous
				</Link>
			) : (
				<span className={disabledClass} aria-disabled="true">
					<ChevronLeft aria-hidden="true" />
					Previous
				</span>
			)}
			{page < lastPage ? (
				<Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset>
					Next
					<ChevronRight aria-hidden="true" />
				</Link>
			) : (
				<span className={disabledClass} aria-disabled="true">
					Next
					<ChevronRight aria-hidden="true" />
				</span>
			)}
		</nav>
	)
}

import { Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'

const numberFormat = new Intl.NumberFormat('en-US')

/**
 * Previous/next as plain links (they work without JavaScript). The next page is prefetched as
 * soon as this renders, as the spec asks, so moving forward is instant.
 */
export function ContactsPagination({
	page,
	pageSize,
	total,
	rowsOnPage,
	pageHref,
}: {
	page: number
	pageSize: number
	total: number
	rowsOnPage: number
	pageHref: (page: number) => string
}) {
	const pageCount = Math.max(1, Math.ceil(total / pageSize))
	const first = total === 0 ? 0 : (page - 1) * pageSize + 1
	const last = (page - 1) * pageSize + rowsOnPage
	return (
		<nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
			<p className="text-muted-foreground">
				Showing {numberFormat.format(first)}–{numberFormat.format(last)} of {numberFormat.format(total)}
			</p>
			<div className="flex items-center gap-2">
				<span className="text-muted-foreground">
					Page {numberFormat.format(page)} of {numberFormat.format(pageCount)}
				</span>
				<PageLink to={page > 1 ? pageHref(page - 1) : null} rel="prev">
					<ChevronLeft aria-hidden="true" />
					Previous
				</PageLink>
				<PageLink to={page < pageCount ? pageHref(page + 1) : null} rel="next" prefetch>
					Next
					<ChevronRight aria-hidden="true" />
				</PageLink>
			</div>
		</nav>
	)
}

function PageLink({
	to,
	rel,
	prefetch = false,
	children,
}: {
	to: string | null
	rel: 'prev' | 'next'
	prefetch?: boolean
	children: React.ReactNode
}) {
	const className = cn(buttonVariants({ variant: 'outline', size: 'sm' }))
	if (!to) {
		return (
			<span aria-disabled="true" className={cn(className, 'pointer-events-none opacity-50')}>
				{children}
			</span>
		)
	}
	return (
		<Link to={to} rel={rel} prefetch={prefetch ? 'render' : 'none'} className={className}>
			{children}
		</Link>
	)
}

import { Link, useSearchParams } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'

/**
 * Under the table: "n contacts displayed • n selected" plus "• n already exist" (spec), and the
 * pages. The selected count needs JavaScript (without it the checkboxes are the count).
 */
export function ReviewFooter({
	displayed,
	selected,
	existing,
	page,
	pageCount,
	total,
}: {
	displayed: number
	selected: number | null
	existing: number
	page: number
	pageCount: number
	total: number
}) {
	const parts = [`${displayed.toLocaleString('en-US')} contacts displayed`]
	if (selected !== null) parts.push(`${selected.toLocaleString('en-US')} selected`)
	if (existing > 0) parts.push(`${existing.toLocaleString('en-US')} already exist`)
	return (
		<div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
			<span data-testid="review-footer" aria-live="polite">
				{parts.join(' • ')}
			</span>
			<ReviewPager page={page} pageCount={pageCount} total={total} />
		</div>
	)
}

function ReviewPager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
	const [searchParams] = useSearchParams()
	function href(target: number) {
		const params = new URLSearchParams(searchParams)
		if (target > 1) params.set('page', String(target))
		else params.delete('page')
		const query = params.toString()
		return query ? `?${query}` : '?'
	}
	return (
		<nav aria-label="Lead pages" className="flex items-center gap-2">
			<span>
				Page {page} of {pageCount} ({total.toLocaleString('en-US')} {total === 1 ? 'lead' : 'leads'})
			</span>
			{page > 1 ? (
				<Button asChild variant="outline" size="sm">
					<Link to={href(page - 1)} preventScrollReset>
						Previous
					</Link>
				</Button>
			) : null}
			{page < pageCount ? (
				<Button asChild variant="outline" size="sm">
					<Link to={href(page + 1)} preventScrollReset>
						Next
					</Link>
				</Button>
			) : null}
		</nav>
	)
}

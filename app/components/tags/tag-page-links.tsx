import { Link, useSearchParams } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'

/**
 * "Page n of m" with Previous and Next as links (`?tagPage=`, the other parameters kept): the tag
 * tables of the pages that work without JavaScript (Add tags, Save leads with tags).
 */
export function TagPageLinks({ page, lastPage }: { page: number; lastPage: number }) {
	const [searchParams] = useSearchParams()
	function href(target: number) {
		const params = new URLSearchParams(searchParams)
		params.set('tagPage', String(target))
		return `?${params}`
	}
	return (
		<nav aria-label="Tag pages" className="flex items-center justify-between text-sm">
			<span className="text-muted-foreground">
				Page {page} of {lastPage}
			</span>
			<div className="flex gap-2">
				{page > 1 ? (
					<Button asChild variant="outline" size="sm">
						<Link to={href(page - 1)}>Previous</Link>
					</Button>
				) : null}
				{page < lastPage ? (
					<Button asChild variant="outline" size="sm">
						<Link to={href(page + 1)}>Next</Link>
					</Button>
				) : null}
			</div>
		</nav>
	)
}

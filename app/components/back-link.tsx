import { Link } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'

/** The way back above a page's title ("← Imports", "← Ada Lovelace"): one look on every page. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
	return (
		<Link
			to={to}
			className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
		>
			<ArrowLeft className="size-4" aria-hidden="true" />
			{children}
		</Link>
	)
}

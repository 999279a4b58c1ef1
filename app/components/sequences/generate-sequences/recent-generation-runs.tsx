import { Link } from '@remix-run/react'
import { Sparkles } from 'lucide-react'

export type RecentGenerationRun = {
	id: string
	name: string
	counts: { total: number; generating: number; drafts: number; failed: number; progress: number }
}

/** The latest Generate Sequences runs, each a link to its progress view. */
export function RecentGenerationRuns({ runs }: { runs: RecentGenerationRun[] }) {
	if (runs.length === 0) return null
	return (
		<nav aria-label="Recent generations" className="flex flex-wrap items-center gap-2 text-sm">
			<span className="inline-flex items-center gap-1 text-muted-foreground">
				<Sparkles className="size-4" aria-hidden="true" />
				Generate Sequences:
			</span>
			{runs.map((run) => (
				<Link
					key={run.id}
					to={`/sequences/generations/${run.id}`}
					className="rounded-full border px-3 py-1 hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
				>
					<span className="font-medium">{run.name}</span>{' '}
					<span className="text-muted-foreground">
						{run.counts.generating > 0
							? `Generating ${run.counts.progress}%`
							: `${run.counts.drafts.toLocaleString('en-US')} ${run.counts.drafts === 1 ? 'draft' : 'drafts'}${
									run.counts.failed ? `, ${run.counts.failed.toLocaleString('en-US')} failed` : ''
								}`}
					</span>
				</Link>
			))}
		</nav>
	)
}

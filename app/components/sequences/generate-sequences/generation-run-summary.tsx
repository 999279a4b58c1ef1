import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'

type Counts = {
	total: number
	generating: number
	drafts: number
	active: number
	failed: number
	progress: number
}

/** A run at a glance: "Generating N%" (or done), and how many are drafts, active, failed, skipped. */
export function GenerationRunSummary({
	counts,
	skipped,
	cancelled,
	prompt,
}: {
	counts: Counts
	skipped: number
	cancelled: boolean
	prompt: string
}) {
	const heading =
		counts.total === 0
			? 'Nothing was generated'
			: counts.generating > 0
				? `Generating ${counts.progress}%`
				: cancelled
					? 'Generation cancelled'
					: 'Generation finished'
	const figures = [
		{ label: 'Generating', value: counts.generating },
		{ label: 'Drafts', value: counts.drafts },
		{ label: 'Active', value: counts.active },
		{ label: 'Failed', value: counts.failed },
		{ label: 'Skipped', value: skipped },
	]
	return (
		<Card>
			<CardContent className="grid gap-4 p-6">
				<div className="flex items-baseline justify-between gap-4">
					<p className="text-lg font-semibold" role="status" aria-live="polite">
						{heading}
					</p>
					{counts.total > 0 ? (
						<p className="text-sm tabular-nums text-muted-foreground">
							{(counts.total - counts.generating).toLocaleString('en-US')} of{' '}
							{counts.total.toLocaleString('en-US')} done
						</p>
					) : null}
				</div>
				{/* A run with no drafts (one started before runs that skip everyone were refused): no full bar. */}
				{counts.total > 0 ? (
					<Progress value={counts.generating > 0 ? counts.progress : 100} aria-label={heading} />
				) : null}
				<dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
					{figures.map((figure) => (
						<div key={figure.label} className="rounded-md border p-3">
							<dt className="text-xs text-muted-foreground">{figure.label}</dt>
							<dd className="text-xl font-semibold tabular-nums">{figure.value.toLocaleString('en-US')}</dd>
						</div>
					))}
				</dl>
				{prompt ? (
					<p className="text-sm text-muted-foreground">
						<span className="font-medium text-foreground">Additional information: </span>
						{prompt}
					</p>
				) : null}
			</CardContent>
		</Card>
	)
}

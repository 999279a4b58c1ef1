import { Link } from '@remix-run/react'
import { type AnalyticsFigures, type AnalyticsPoint, type Granularity } from '#app/schemas/analytics.ts'
import { AnalyticsFiguresList } from './analytics-figures.tsx'
import { FunnelChart, OverTimeChart } from './analytics-charts.tsx'

export type AnalyticsPanelData = {
	period: { from: string; to: string }
	granularity: Granularity
	summary: AnalyticsFigures
	series: AnalyticsPoint[]
	funnel: Array<{ stage: string; count: number }>
}

/** A view's figures, its chart over time and its funnel: the campaign and Sequences pages' section. */
export function AnalyticsPanel({
	title,
	data,
	moreHref,
}: {
	title: string
	data: AnalyticsPanelData
	/** The Analytics page with this view's filter, for another range or a breakdown. */
	moreHref?: string
}) {
	return (
		<section aria-label={title} className="space-y-4 rounded-lg border bg-card p-4 shadow-sm">
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h2 className="text-lg font-semibold">{title}</h2>
				<p className="text-sm text-muted-foreground">
					{data.period.from} to {data.period.to}
					{moreHref ? (
						<>
							{' · '}
							<Link to={moreHref} className="underline underline-offset-4">
								Open in Analytics
							</Link>
						</>
					) : null}
				</p>
			</div>
			<AnalyticsFiguresList figures={data.summary} />
			{isEmpty(data.summary) ? (
				<p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
					Nothing sent or answered in this period yet: the chart over time and the funnel fill in as emails go
					out.
				</p>
			) : (
				<div className="grid gap-6 lg:grid-cols-3">
					<div className="lg:col-span-2">
						<h3 className="mb-2 text-sm font-medium">Over time</h3>
						<OverTimeChart points={data.series} granularity={data.granularity} label={`${title} over time`} />
					</div>
					<div>
						<h3 className="mb-2 text-sm font-medium">Funnel</h3>
						<FunnelChart stages={data.funnel} label={`${title} funnel`} />
					</div>
				</div>
			)}
		</section>
	)
}

/** Empty charts (flat lines at zero, bars of nothing) say less than a sentence. */
function isEmpty({ sent, delivered, bounced, clicked, replied, unsubscribed, botClicks }: AnalyticsFigures) {
	return sent + delivered + bounced + clicked + replied + unsubscribed + botClicks === 0
}

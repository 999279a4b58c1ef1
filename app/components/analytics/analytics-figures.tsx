import { type AnalyticsFigures, formatRate } from '#app/schemas/analytics.ts'

const number = (value: number) => value.toLocaleString('en-US')

/** The totals and rates of a view, as a definition list (read the same with and without charts). */
export function AnalyticsFiguresList({ figures }: { figures: AnalyticsFigures }) {
	const items = [
		{ label: 'Sent', value: number(figures.sent) },
		{ label: 'Delivered', value: number(figures.delivered) },
		{ label: 'Bounced', value: number(figures.bounced) },
		{ label: 'Clicked', value: number(figures.clicked) },
		{ label: 'Replied', value: number(figures.replied) },
		{ label: 'Unsubscribed', value: number(figures.unsubscribed) },
		{ label: 'Reply rate', value: formatRate(figures.replyRate) },
		{ label: 'Click rate', value: formatRate(figures.clickRate) },
	]
	return (
		<div className="space-y-2">
			<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				{items.map((item) => (
					<div key={item.label} className="rounded-md border bg-card px-3 py-2">
						<dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
						<dd className="text-xl font-semibold tabular-nums">{item.value}</dd>
					</div>
				))}
			</dl>
			<p className="text-xs text-muted-foreground">
				Rates are of delivered emails; each email counts once, on the day it was first clicked or answered.{' '}
				{figures.botClicks > 0
					? `${number(figures.botClicks)} ${figures.botClicks === 1 ? 'click' : 'clicks'} by security scanners and link previews are counted apart and left out.`
					: 'Clicks by security scanners and link previews are counted apart and left out.'}
			</p>
		</div>
	)
}

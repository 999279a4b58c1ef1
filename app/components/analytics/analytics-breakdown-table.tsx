import { type AnalyticsFigures, formatRate } from '#app/schemas/analytics.ts'

type Row = AnalyticsFigures & { id: string | null; name: string }

/** The figures per campaign, mailbox or user, most emails sent first. */
export function AnalyticsBreakdownTable({ title, rows, column }: { title: string; rows: Row[]; column: string }) {
	return (
		<section aria-label={title} className="rounded-lg border bg-card p-4 shadow-sm">
			<h2 className="mb-2 text-base font-semibold">{title}</h2>
			{rows.length === 0 ? (
				<p className="text-sm text-muted-foreground">Nothing sent in this period.</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-sm">
						<thead>
							<tr className="text-left text-muted-foreground">
								<th scope="col" className="py-1 pr-3 font-medium">
									{column}
								</th>
								{['Sent', 'Delivered', 'Bounced', 'Clicked', 'Replied', 'Unsubscribed', 'Reply rate', 'Click rate', 'Scanner clicks'].map(
									(heading) => (
										<th key={heading} scope="col" className="py-1 pr-3 text-right font-medium">
											{heading}
										</th>
									),
								)}
							</tr>
						</thead>
						<tbody>
							{rows.map((row) => (
								<tr key={row.id ?? 'none'} className="border-t">
									<th scope="row" className="max-w-64 truncate py-1 pr-3 text-left font-normal">
										{row.name}
									</th>
									{[row.sent, row.delivered, row.bounced, row.clicked, row.replied, row.unsubscribed].map((value, index) => (
										<td key={index} className="py-1 pr-3 text-right tabular-nums">
											{value.toLocaleString('en-US')}
										</td>
									))}
									<td className="py-1 pr-3 text-right tabular-nums">{formatRate(row.replyRate)}</td>
									<td className="py-1 pr-3 text-right tabular-nums">{formatRate(row.clickRate)}</td>
									<td className="py-1 pr-3 text-right tabular-nums">{row.botClicks.toLocaleString('en-US')}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}

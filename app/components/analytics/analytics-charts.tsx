import {
	Bar,
	BarChart,
	CartesianGrid,
	Legend,
	Line,
	LineChart,
	ResponsiveContainer,
	Tooltip,
	XAxis,
	YAxis,
} from 'recharts'
import { type AnalyticsPoint, type Granularity } from '#app/schemas/analytics.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

// Charts are drawn in the browser only (recharts measures the DOM): the server and a browser
// without JavaScript get the same figures as a table, which stays one click away under the chart.

const LINES = [
	{ key: 'sent', label: 'Sent', color: 'hsl(240 5% 35%)' },
	{ key: 'clicked', label: 'Clicked', color: 'hsl(217 91% 55%)' },
	{ key: 'replied', label: 'Replied', color: 'hsl(142 71% 35%)' },
	{ key: 'bounced', label: 'Bounced', color: 'hsl(0 72% 51%)' },
] as const

export function OverTimeChart({
	points,
	granularity,
	label,
}: {
	points: AnalyticsPoint[]
	granularity: Granularity
	label: string
}) {
	const hydrated = useHydrated()
	const table = <OverTimeTable points={points} granularity={granularity} caption={label} />
	if (!hydrated) return table
	return (
		<figure aria-label={label} className="space-y-2" data-chart="over-time" data-points={points.length}>
			<div className="h-64 w-full">
				<ResponsiveContainer width="100%" height="100%">
					<LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
						<CartesianGrid strokeDasharray="3 3" vertical={false} />
						<XAxis dataKey="period" tickFormatter={shortDate} fontSize={12} minTickGap={16} />
						<YAxis allowDecimals={false} fontSize={12} width={40} />
						<Tooltip labelFormatter={(value) => periodLabel(String(value), granularity)} />
						<Legend />
						{LINES.map((line) => (
							<Line
								key={line.key}
								type="monotone"
								dataKey={line.key}
								name={line.label}
								stroke={line.color}
								strokeWidth={2}
								dot={{ r: points.length > 60 ? 1 : 3 }}
								isAnimationActive={false}
							/>
						))}
					</LineChart>
				</ResponsiveContainer>
			</div>
			<details className="text-sm">
				<summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
				{table}
			</details>
		</figure>
	)
}

export function FunnelChart({ stages, label }: { stages: Array<{ stage: string; count: number }>; label: string }) {
	const hydrated = useHydrated()
	const table = <FunnelTable stages={stages} caption={label} />
	if (!hydrated) return table
	return (
		<figure aria-label={label} className="space-y-2" data-chart="funnel" data-bars={stages.length}>
			<div className="h-64 w-full">
				<ResponsiveContainer width="100%" height="100%">
					<BarChart data={stages} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
						<CartesianGrid strokeDasharray="3 3" horizontal={false} />
						<XAxis type="number" allowDecimals={false} fontSize={12} />
						<YAxis type="category" dataKey="stage" fontSize={12} width={80} />
						<Tooltip />
						<Bar dataKey="count" name="Emails" fill="hsl(217 91% 55%)" isAnimationActive={false} />
					</BarChart>
				</ResponsiveContainer>
			</div>
			<details className="text-sm">
				<summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
				{table}
			</details>
		</figure>
	)
}

function OverTimeTable({
	points,
	granularity,
	caption,
}: {
	points: AnalyticsPoint[]
	granularity: Granularity
	caption: string
}) {
	return (
		<div className="max-h-80 overflow-auto">
			<table className="w-full text-sm">
				<caption className="sr-only">{caption}</caption>
				<thead>
					<tr className="text-left text-muted-foreground">
						<th scope="col" className="py-1 pr-3 font-medium">
							{granularity === 'week' ? 'Week of' : 'Day'}
						</th>
						{LINES.map((line) => (
							<th key={line.key} scope="col" className="py-1 pr-3 text-right font-medium">
								{line.label}
							</th>
						))}
						<th scope="col" className="py-1 text-right font-medium">
							Scanner clicks
						</th>
					</tr>
				</thead>
				<tbody>
					{points.map((point) => (
						<tr key={point.period} className="border-t">
							<th scope="row" className="py-1 pr-3 text-left font-normal">
								{point.period}
							</th>
							{LINES.map((line) => (
								<td key={line.key} className="py-1 pr-3 text-right tabular-nums">
									{point[line.key]}
								</td>
							))}
							<td className="py-1 text-right tabular-nums">{point.botClicks}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

function FunnelTable({ stages, caption }: { stages: Array<{ stage: string; count: number }>; caption: string }) {
	return (
		<table className="w-full text-sm">
			<caption className="sr-only">{caption}</caption>
			<thead>
				<tr className="text-left text-muted-foreground">
					<th scope="col" className="py-1 pr-3 font-medium">
						Stage
					</th>
					<th scope="col" className="py-1 text-right font-medium">
						Emails
					</th>
				</tr>
			</thead>
			<tbody>
				{stages.map((stage) => (
					<tr key={stage.stage} className="border-t">
						<th scope="row" className="py-1 pr-3 text-left font-normal">
							{stage.stage}
						</th>
						<td className="py-1 text-right tabular-nums">{stage.count.toLocaleString('en-US')}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function shortDate(period: string) {
	const [, month, day] = period.split('-')
	return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`
}

function periodLabel(period: string, granularity: Granularity) {
	return granularity === 'week' ? `Week of ${shortDate(period)}` : shortDate(period)
}

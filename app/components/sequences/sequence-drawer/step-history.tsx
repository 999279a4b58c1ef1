import { type StepHistoryLine } from '#app/schemas/sequence-drawer.ts'
import { formatStepTime } from './step-labels.ts'
import { useUserTimeZone } from './step-schedule.tsx'

/**
 * What the scheduler decided about a step and why, oldest first (the ledger, decision 050). A
 * plain <details>, so it opens without JavaScript.
 */
export function StepHistory({ lines, timeZone }: { lines: StepHistoryLine[]; timeZone: string }) {
	const userZone = useUserTimeZone(timeZone)
	if (lines.length === 0) return null
	return (
		<details className="text-xs" data-testid="step-history">
			<summary className="cursor-pointer text-muted-foreground hover:text-foreground">
				History ({lines.length})
			</summary>
			<ol className="mt-1 grid gap-0.5 border-l pl-3">
				{lines.map((line) => (
					<li key={line.id} data-testid="step-history-line">
						<time dateTime={line.at} className="text-muted-foreground">
							{formatStepTime(new Date(line.at), userZone)}
						</time>{' '}
						<span>{line.text}</span>
					</li>
				))}
			</ol>
		</details>
	)
}

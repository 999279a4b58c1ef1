import { Progress } from '#app/components/ui/progress.tsx'
import type { QueueableJson } from '#app/schemas/queueable.ts'
import { cn } from '#app/utils/misc.ts'

/** The spec's status line: PENDING reads just "Pending"; a job that has not moved yet reads "Starting...". */
export function queueableStatusText(queueable: QueueableJson | null) {
	if (!queueable) return 'Starting...'
	switch (queueable.status) {
		case 'PENDING':
			return 'Pending'
		case 'PROCESSING':
			return queueable.progress === 0 && !queueable.metadata.completed ? 'Starting...' : 'Processing...'
		case 'COMPLETED':
		case 'FINISHED':
			return 'Completed'
		case 'FAILED':
			return queueable.cancelledAt ? 'Cancelled' : 'Failed'
	}
}

/** A job's progress: bar with percent, status text, current item and "Processed: completed / total". */
export function QueueableProgress({
	queueable,
	label = 'Progress',
	className,
}: {
	queueable: QueueableJson | null
	label?: string
	className?: string
}) {
	const progress = queueable?.progress ?? 0
	const { completed, total, currentItem } = queueable?.metadata ?? {}
	const running = !queueable || queueable.status === 'PENDING' || queueable.status === 'PROCESSING'
	return (
		<div className={cn('flex flex-col gap-2', className)}>
			<div className="flex items-center justify-between gap-4 text-sm">
				<span className="font-medium" aria-live="polite">
					{queueableStatusText(queueable)}
				</span>
				<span className="tabular-nums text-muted-foreground">{progress}%</span>
			</div>
			<Progress value={progress} aria-label={label} />
			<div className="flex items-center justify-between gap-4 text-xs text-muted-foreground">
				<span className="truncate">{running && currentItem ? currentItem : null}</span>
				{typeof total === 'number' && total > 0 ? (
					<span className="whitespace-nowrap tabular-nums">
						Processed: {completed ?? 0} / {total}
					</span>
				) : null}
			</div>
		</div>
	)
}

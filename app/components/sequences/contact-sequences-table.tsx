import { Link } from '@remix-run/react'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Progress } from '#app/components/ui/progress.tsx'
import { Table, TableBody, TableCell, TableRow } from '#app/components/ui/table.tsx'
import { SequenceStatusLabel } from './sequence-status-label.tsx'
import { useGenerationProgress, useThrottled, withLiveProgress } from './use-generation-progress.ts'
import { SequenceTableHead } from './sequence-table-head.tsx'

/** A row of View Sequences, as /contacts/:id/sequences loads it. */
export type ContactSequenceRow = {
	id: string
	subject: string
	status: string
	progress: number
	failureReason: string | null
	stepCount: number
	sentStepCount: number
	sendProgress: number
	/** A step was answered (a PAUSED sequence then reads Replied). */
	replied?: boolean
	createdAt: string
}

/** What /contacts/:id/sequences loads: null contact when it is not the organization's. */
export type ContactSequencesData =
	| { contact: { id: string; name: string }; sequences: ContactSequenceRow[] }
	| { contact: null; sequences: [] }

export function ContactSequencesEmpty() {
	return (
		<div className="rounded-lg border border-dashed p-8 text-center">
			<p className="font-medium">No sequences found</p>
			<p className="text-sm text-muted-foreground">Create a new sequence to get started</p>
		</div>
	)
}

/**
 * Subject, Status, Steps, Progress, Created. A row opens the sequence: `onOpen` (the drawer over
 * the dialog) when given, else its link to the drawer's page.
 */
export function ContactSequencesTable({
	sequences,
	onOpen,
	onGenerated,
}: {
	sequences: ContactSequenceRow[]
	onOpen?: (sequenceId: string) => void
	/** Re-read the rows: one finished generating ("Generating N%" moves live meanwhile). */
	onGenerated?: () => void
}) {
	const reload = useThrottled(() => onGenerated?.())
	const { live } = useGenerationProgress({
		enabled: sequences.some((sequence) => sequence.status === 'CREATING'),
		watchedIds: sequences.map((sequence) => sequence.id),
		onSettled: reload,
	})
	return (
		<Table aria-label="Sequences">
			<SequenceTableHead columns={['subject', 'status', 'steps', 'progress', 'created']} />
			<TableBody>
				{sequences.map((row) => {
					const sequence = withLiveProgress(row, live)
					const subject = sequence.subject || 'No subject'
					return (
						<TableRow
							key={sequence.id}
							className="relative cursor-pointer hover:bg-muted/50"
							onClick={onOpen ? () => onOpen(sequence.id) : undefined}
						>
							<TableCell className="min-w-[10rem] max-w-0 font-medium">
								{onOpen ? (
									<button
										type="button"
										title={subject}
										className="block w-full truncate text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
										onClick={(event) => {
											event.stopPropagation()
											onOpen(sequence.id)
										}}
									>
										{subject}
									</button>
								) : (
									<span className="block truncate" title={subject}>
										<Link
											to={`/sequences/${sequence.id}`}
											className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
										>
											{subject}
										</Link>
									</span>
								)}
							</TableCell>
							<TableCell>
								<SequenceStatusLabel
									status={sequence.status}
									progress={sequence.progress}
									failureReason={sequence.failureReason}
									replied={sequence.replied}
								/>
							</TableCell>
							<TableCell className="text-right tabular-nums">{sequence.stepCount}</TableCell>
							<TableCell>
								<div className="flex min-w-[7rem] items-center gap-2">
									<Progress
										value={sequence.sendProgress}
										aria-label={`${sequence.sentStepCount} of ${sequence.stepCount} steps sent`}
									/>
									<span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">
										{sequence.sentStepCount}/{sequence.stepCount}
									</span>
								</div>
							</TableCell>
							<TableCell className="whitespace-nowrap">{formatDate(sequence.createdAt)}</TableCell>
						</TableRow>
					)
				})}
			</TableBody>
		</Table>
	)
}

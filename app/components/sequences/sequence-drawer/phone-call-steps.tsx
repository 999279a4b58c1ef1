import { PhoneCall } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { CALL_MESSAGES, CALL_OUTCOME_LABELS } from '#app/schemas/phone-call.ts'
import { type DrawerPhoneCallStep } from '#app/schemas/sequence-drawer.ts'
import { TALKING_POINTS_MAX } from '#app/schemas/sequence.ts'
import { cn } from '#app/utils/misc.ts'
import { DrawerForm, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { formatStepTime, phoneCallStepTitle, phoneCallTimingLabel } from './step-labels.ts'
import { EditActions, StepList } from './step-list.tsx'
import { StepHistory } from './step-history.tsx'
import { StepSchedule } from './step-schedule.tsx'

/**
 * The sequence's phone-call steps (with the sequence:phone flag): talking points and timing, edited
 * as the other steps are (while the sequence is a draft); once a call is made, how it went.
 */
export function PhoneCallSteps({
	steps,
	sequenceStatus,
	initialEditId,
	onlyKind,
	timeZones,
}: {
	steps: DrawerPhoneCallStep[]
	sequenceStatus: string
	initialEditId: string | null
	/** No other steps: removing the last call removes the sequence. */
	onlyKind: boolean
	timeZones: { organization: string; contact: string }
}) {
	return (
		<StepList
			kind="phone"
			steps={steps}
			sequenceStatus={sequenceStatus}
			initialEditId={initialEditId}
			lastDeletesSequence={onlyKind}
			title={phoneCallStepTitle}
			timingLabel={phoneCallTimingLabel}
			cardDetails={(step) => ({
				badges: step.outcome ? (
					<Badge
						variant="outline"
						className={cn(
							'border-transparent',
							step.outcome === 'WRONG_NUMBER' ? 'bg-red-100 text-red-800' : 'bg-zinc-100 text-zinc-800',
						)}
						data-testid="call-outcome"
					>
						{CALL_OUTCOME_LABELS[step.outcome]}
					</Badge>
				) : null,
			})}
			schedule={(step) => (
				<>
					{step.plannedAt ? (
						<StepSchedule plannedAt={step.plannedAt} sentAt={null} hold={null} timeZones={timeZones} />
					) : null}
					<StepHistory lines={step.history} timeZone={timeZones.organization} />
				</>
			)}
			content={(step) => <PhoneCallContent step={step} timeZone={timeZones.organization} />}
			editor={(step, onDone) => <TalkingPointsEditor step={step} onDone={onDone} />}
		/>
	)
}

function PhoneCallContent({ step, timeZone }: { step: DrawerPhoneCallStep; timeZone: string }) {
	return (
		<div className="grid gap-2 text-sm">
			<div className="grid gap-0.5">
				<p className="text-xs font-medium text-muted-foreground">Talking points</p>
				<p className="whitespace-pre-line break-words text-muted-foreground" data-testid="step-body">
					{step.talkingPoints || 'No talking points yet.'}
				</p>
			</div>
			{step.completedAt ? (
				<div className="grid gap-0.5 rounded-md border bg-muted/40 p-3" data-testid="call-result">
					<p className="flex items-center gap-1.5 font-medium">
						<PhoneCall className="h-3.5 w-3.5" aria-hidden="true" />
						Called {formatStepTime(new Date(step.completedAt), timeZone)} ({timeZone})
						{step.outcome ? `: ${CALL_OUTCOME_LABELS[step.outcome]}` : null}
					</p>
					{step.notes ? (
						<p className="whitespace-pre-line break-words text-muted-foreground" data-testid="call-notes">
							{step.notes}
						</p>
					) : null}
				</div>
			) : null}
		</div>
	)
}

function TalkingPointsEditor({ step, onDone }: { step: DrawerPhoneCallStep; onDone: () => void }) {
	const id = useId()
	const fetcher = useDrawerFetcher()
	const [value, setValue] = useState(step.talkingPoints)
	const [error, setError] = useState<string | null>(null)
	useFetcherResult(fetcher, (result) => {
		if (result.ok) onDone()
		else if (result.message) setError(result.message)
	})
	const over = value.length > TALKING_POINTS_MAX
	return (
		<DrawerForm
			fetcher={fetcher}
			intent="update-phone-talking-points"
			className="grid gap-1.5"
			onSubmit={(event) => {
				if (value === step.talkingPoints) {
					event.preventDefault()
					onDone()
				} else if (over) {
					event.preventDefault()
					setError(CALL_MESSAGES.talkingPointsTooLong)
				}
			}}
		>
			<input type="hidden" name="stepId" value={step.id} />
			<Label htmlFor={`${id}-talking-points`}>Talking points</Label>
			<Textarea
				id={`${id}-talking-points`}
				name="talkingPoints"
				value={value}
				rows={6}
				aria-invalid={over || error ? true : undefined}
				aria-describedby={`${id}-hint`}
				onChange={(event) => {
					setValue(event.currentTarget.value)
					setError(null)
				}}
			/>
			<p id={`${id}-hint`} className="text-xs text-destructive" role={error ? 'alert' : undefined}>
				{error ?? (over ? CALL_MESSAGES.talkingPointsTooLong : '')}
			</p>
			<EditActions onCancel={onDone} saving={fetcher.state !== 'idle'} />
		</DrawerForm>
	)
}

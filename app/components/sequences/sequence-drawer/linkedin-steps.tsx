import { useId, useState } from 'react'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type DrawerLinkedInStep } from '#app/schemas/sequence-drawer.ts'
import { REQUEST_NOTE_MAX, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { cn } from '#app/utils/misc.ts'
import { DrawerForm, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { LinkedInStepState } from './linkedin-step-state.tsx'
import { linkedInStepTitle, linkedInTimingLabel } from './step-labels.ts'
import { EditActions, StepList } from './step-list.tsx'
import { StepHistory } from './step-history.tsx'

export function LinkedInSteps({
	steps,
	sequenceStatus,
	initialEditId,
	onlyKind,
	timeZones,
	noteLimitMessage,
}: {
	steps: DrawerLinkedInStep[]
	/** Said under the request note (the monthly note limit); null with LinkedIn Premium. */
	noteLimitMessage: string | null
	sequenceStatus: string
	initialEditId: string | null
	timeZones: { organization: string }
	/** No other steps: removing the last LinkedIn step removes the sequence. */
	onlyKind: boolean
}) {
	return (
		<StepList
			kind="linkedin"
			steps={steps}
			sequenceStatus={sequenceStatus}
			initialEditId={initialEditId}
			lastDeletesSequence={onlyKind}
			title={linkedInStepTitle}
			timingLabel={linkedInTimingLabel}
			cardDetails={(step) => ({ failureReason: step.failureReason ?? step.lastError })}
			schedule={(step) => (
				<>
					<LinkedInStepState step={step} timeZones={timeZones} />
					<StepHistory lines={step.history} timeZone={timeZones.organization} />
				</>
			)}
			content={(step) => (
				<p className="whitespace-pre-line break-words text-sm text-muted-foreground" data-testid="step-body">
					{(step.order === 1 ? step.requestNote : step.message) ||
						(step.order === 1 ? 'No request note.' : 'No message yet.')}
				</p>
			)}
			editor={(step, onDone) => (
				<LinkedInStepEditor step={step} onDone={onDone} noteLimitMessage={noteLimitMessage} />
			)}
		/>
	)
}

/**
 * The connection request's note (at most 200 characters, with the live n/200 counter) or a
 * message. Saving a note over the limit is refused with the spec's message, here and on the server.
 */
function LinkedInStepEditor({
	step,
	onDone,
	noteLimitMessage,
}: {
	step: DrawerLinkedInStep
	onDone: () => void
	noteLimitMessage: string | null
}) {
	const id = useId()
	const fetcher = useDrawerFetcher()
	const isRequest = step.order === 1
	const initial = (isRequest ? step.requestNote : step.message) ?? ''
	const [value, setValue] = useState(initial)
	const [error, setError] = useState<string | null>(null)
	useFetcherResult(fetcher, (result) => {
		if (result.ok) onDone()
		else if (result.message) setError(result.message)
	})
	const over = isRequest && value.length > REQUEST_NOTE_MAX
	const field = isRequest ? 'requestNote' : 'message'
	return (
		<DrawerForm
			fetcher={fetcher}
			intent={isRequest ? 'update-linkedin-note' : 'update-linkedin-message'}
			className="grid gap-1.5"
			onSubmit={(event) => {
				if (value === initial) {
					event.preventDefault()
					onDone()
				} else if (over) {
					event.preventDefault()
					setError(SEQUENCE_MESSAGES.requestNoteTooLong)
				}
			}}
		>
			<input type="hidden" name="stepId" value={step.id} />
			<Label htmlFor={`${id}-${field}`}>{isRequest ? 'Request note' : 'Message'}</Label>
			<Textarea
				id={`${id}-${field}`}
				name={field}
				value={value}
				rows={isRequest ? 4 : 6}
				aria-invalid={over || error ? true : undefined}
				aria-describedby={`${id}-hint`}
				onChange={(event) => {
					setValue(event.currentTarget.value)
					setError(null)
				}}
			/>
			<div id={`${id}-hint`} className="flex items-center justify-between gap-2 text-xs">
				<span className="text-destructive" role={error ? 'alert' : undefined}>
					{error ?? (over ? SEQUENCE_MESSAGES.characterLimitExceeded : '')}
				</span>
				{isRequest ? (
					<span
						className={cn('tabular-nums', over ? 'text-destructive' : 'text-muted-foreground')}
						data-testid="note-counter"
					>
						{value.length}/{REQUEST_NOTE_MAX}
					</span>
				) : null}
			</div>
			{isRequest && noteLimitMessage ? (
				<p className="text-xs text-muted-foreground" data-testid="note-limit">
					{noteLimitMessage}
				</p>
			) : null}
			<EditActions onCancel={onDone} saving={fetcher.state !== 'idle'} />
		</DrawerForm>
	)
}

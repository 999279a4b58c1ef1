import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type DrawerLinkedInStep } from '#app/schemas/sequence-drawer.ts'
import { REQUEST_NOTE_MAX, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { cn } from '#app/utils/misc.ts'
import { DrawerForm, useDrawer, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { CancelEdit } from './email-steps.tsx'
import { EditStepButton, StepCard, stepPermissions, TimingControl } from './step-card.tsx'
import { DeleteStepForm } from './step-delete.tsx'
import { linkedInStepTitle, linkedInTimingLabel } from './step-labels.ts'

export function LinkedInSteps({
	steps,
	sequenceStatus,
	initialEditId,
	onlyKind,
}: {
	steps: DrawerLinkedInStep[]
	sequenceStatus: string
	initialEditId: string | null
	/** No other steps: removing the last LinkedIn step removes the sequence. */
	onlyKind: boolean
}) {
	const { readOnly } = useDrawer()
	const [editingId, setEditingId] = useState(initialEditId)
	if (steps.length === 0) {
		return (
			<p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
				No LinkedIn steps yet.
			</p>
		)
	}
	return (
		<ol className="grid gap-3" aria-label="LinkedIn steps">
			{steps.map((step) => {
				const { canEdit, canEditTiming, canDelete } = stepPermissions(sequenceStatus, step.status, readOnly)
				const editing = canEdit && editingId === step.id
				return (
					<li key={step.id}>
						<StepCard
							title={linkedInStepTitle(step.order)}
							status={step.status}
							timing={
								<TimingControl
									kind="linkedin"
									stepId={step.id}
									daysAfter={step.daysAfter}
									label={(days) => linkedInTimingLabel(step.order, days)}
									editable={canEditTiming}
								/>
							}
							actions={
								canEdit || canDelete ? (
									<>
										{canEdit && !editing ? (
											<EditStepButton stepId={step.id} onEdit={() => setEditingId(step.id)} />
										) : null}
										{canDelete ? (
											<DeleteStepForm
												kind="linkedin"
												stepId={step.id}
												deletesSequence={onlyKind && steps.length === 1}
											/>
										) : null}
									</>
								) : null
							}
						>
							{editing ? (
								<LinkedInStepEditor step={step} onDone={() => setEditingId(null)} />
							) : (
								<p
									className="whitespace-pre-line break-words text-sm text-muted-foreground"
									data-testid="step-body"
								>
									{(step.order === 1 ? step.requestNote : step.message) ||
										(step.order === 1 ? 'No request note.' : 'No message yet.')}
								</p>
							)}
						</StepCard>
					</li>
				)
			})}
		</ol>
	)
}

/**
 * The connection request's note (at most 200 characters, with the live n/200 counter) or a
 * message. Saving a note over the limit is refused with the spec's message, here and on the server.
 */
function LinkedInStepEditor({ step, onDone }: { step: DrawerLinkedInStep; onDone: () => void }) {
	const id = useId()
	const { returnTo } = useDrawer()
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
	const cancelHref = (() => {
		const url = new URL(returnTo, 'http://drawer')
		url.searchParams.delete('edit')
		return `${url.pathname}${url.search}`
	})()
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
			<div className="flex justify-end gap-2">
				<CancelEdit href={cancelHref} onCancel={onDone} />
				<Button type="submit" disabled={fetcher.state !== 'idle'}>
					Save
				</Button>
			</div>
		</DrawerForm>
	)
}

import { useId, useState } from 'react'
import { EmailEditor } from '#app/components/editor/email-editor.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { type DrawerEmailStep } from '#app/schemas/sequence-drawer.ts'
import { DrawerForm, useDrawer, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { emailStepTitle, emailTimingLabel } from './step-labels.ts'
import { EditActions, StepList } from './step-list.tsx'
import { StepHistory } from './step-history.tsx'
import { StepSchedule } from './step-schedule.tsx'

export function EmailSteps({
	steps,
	sequenceStatus,
	initialEditId,
	timeZones,
}: {
	steps: DrawerEmailStep[]
	sequenceStatus: string
	initialEditId: string | null
	timeZones: { organization: string; contact: string }
}) {
	return (
		<StepList
			kind="email"
			steps={steps}
			sequenceStatus={sequenceStatus}
			initialEditId={initialEditId}
			lastDeletesSequence
			title={emailStepTitle}
			timingLabel={emailTimingLabel}
			cardDetails={(step) => ({ clicked: step.clicked, failureReason: step.failureReason })}
			schedule={(step) => (
				<>
					<StepSchedule
						plannedAt={step.plannedAt}
						sentAt={step.sentAt}
						hold={step.hold}
						timeZones={timeZones}
					/>
					<StepHistory lines={step.history} timeZone={timeZones.organization} />
				</>
			)}
			content={(step) => <EmailStepContent step={step} />}
			editor={(step, onDone) => <EmailStepEditor step={step} onDone={onDone} />}
		/>
	)
}

function EmailStepContent({ step }: { step: DrawerEmailStep }) {
	return (
		<div className="grid gap-1 text-sm">
			<SendProblem step={step} />
			<p>
				<span className="text-muted-foreground">Subject: </span>
				<span className="font-medium" data-testid="step-subject">
					{step.subject || 'No subject'}
				</span>
			</p>
			<p className="whitespace-pre-line break-words text-muted-foreground" data-testid="step-body">
				{step.bodyText || 'No content yet.'}
			</p>
		</div>
	)
}

/**
 * Why a step did not go (decision 013): a FAILED step's reason, whatever failed it (the server,
 * the provider, a bounce), with Retry when retrying can help; a step waiting to try again
 * after a temporary failure says so.
 */
function SendProblem({ step }: { step: DrawerEmailStep }) {
	const { readOnly } = useDrawer()
	const fetcher = useDrawerFetcher()
	if (step.status === 'FAILED') {
		return (
			<div
				className="mb-2 flex flex-wrap items-start justify-between gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3"
				data-testid="step-failure"
			>
				<div className="grid gap-0.5">
					<p className="font-medium text-destructive">Not sent</p>
					<p className="break-words text-muted-foreground">{step.failureReason ?? 'Sending failed'}</p>
				</div>
				{step.retryable && !readOnly ? (
					<DrawerForm fetcher={fetcher} intent="retry-step">
						<input type="hidden" name="stepId" value={step.id} />
						<Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
							Retry
						</Button>
					</DrawerForm>
				) : null}
			</div>
		)
	}
	if (step.lastError && (step.status === 'SCHEDULED' || step.status === 'SENDING')) {
		const attempts = `${step.sendAttempts} attempt${step.sendAttempts === 1 ? '' : 's'} so far`
		return (
			<p
				className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
				data-testid="step-retrying"
			>
				The last attempt failed: {step.lastError}. It will be tried again ({attempts}).
			</p>
		)
	}
	return null
}

/**
 * The step's editor: the subject (applied to every step; Enter applies) and the body in the
 * email editor. Unchanged values are not sent. Without JavaScript both are plain forms (the
 * body a textarea); Cancel returns to the drawer.
 */
function EmailStepEditor({ step, onDone }: { step: DrawerEmailStep; onDone: () => void }) {
	const id = useId()
	const subjectFetcher = useDrawerFetcher()
	const bodyFetcher = useDrawerFetcher()
	const [subject, setSubject] = useState(step.subject)
	const [bodyChanged, setBodyChanged] = useState(false)
	useFetcherResult(bodyFetcher, (result) => {
		if (result.ok) onDone()
	})
	return (
		<div className="grid gap-3">
			<DrawerForm
				fetcher={subjectFetcher}
				intent="update-step-subject"
				className="grid gap-1.5"
				onSubmit={(event) => {
					if (subject.trim() === step.subject.trim()) event.preventDefault()
				}}
			>
				<input type="hidden" name="stepId" value={step.id} />
				<Label htmlFor={`${id}-subject`}>Subject</Label>
				<div className="flex gap-2">
					<Input
						id={`${id}-subject`}
						name="subject"
						value={subject}
						required
						maxLength={255}
						onChange={(event) => setSubject(event.currentTarget.value)}
					/>
					<Button type="submit" variant="outline" disabled={subjectFetcher.state !== 'idle'}>
						Apply
					</Button>
				</div>
				<p className="text-xs text-muted-foreground">The subject applies to every step of the sequence.</p>
			</DrawerForm>
			<DrawerForm
				fetcher={bodyFetcher}
				intent="update-step-body"
				className="grid gap-1.5"
				onSubmit={(event) => {
					if (!bodyChanged) {
						event.preventDefault()
						onDone()
					}
				}}
			>
				<input type="hidden" name="stepId" value={step.id} />
				<Label id={`${id}-body-label`} htmlFor={`${id}-body`}>
					Email body
				</Label>
				<EmailEditor
					id={`${id}-body`}
					aria-labelledby={`${id}-body-label`}
					name="proseMirrorJson"
					htmlName="bodyHtml"
					fallbackName="body"
					initialJson={step.proseMirrorJson}
					initialHtml={step.body}
					onChange={() => setBodyChanged(true)}
				/>
				<EditActions onCancel={onDone} saving={bodyFetcher.state !== 'idle'} />
			</DrawerForm>
		</div>
	)
}

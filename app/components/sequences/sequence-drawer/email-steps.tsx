import { useId, useState } from 'react'
import { EmailEditor } from '#app/components/editor/email-editor.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { type DrawerEmailStep } from '#app/schemas/sequence-drawer.ts'
import { DrawerForm, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { emailStepTitle, emailTimingLabel } from './step-labels.ts'
import { EditActions, StepList } from './step-list.tsx'
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
				<StepSchedule
					plannedAt={step.plannedAt}
					sentAt={step.sentAt}
					hold={step.hold}
					timeZones={timeZones}
				/>
			)}
			content={(step) => <EmailStepContent step={step} />}
			editor={(step, onDone) => <EmailStepEditor step={step} onDone={onDone} />}
		/>
	)
}

function EmailStepContent({ step }: { step: DrawerEmailStep }) {
	return (
		<div className="grid gap-1 text-sm">
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

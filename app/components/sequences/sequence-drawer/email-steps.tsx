import { useId, useState } from 'react'
import { EmailEditor } from '#app/components/editor/email-editor.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { type DrawerEmailStep } from '#app/schemas/sequence-drawer.ts'
import { DrawerForm, useDrawer, useDrawerFetcher, useFetcherResult } from './drawer-context.tsx'
import { EditStepButton, StepCard, stepPermissions, TimingControl } from './step-card.tsx'
import { DeleteStepForm } from './step-delete.tsx'
import { emailStepTitle, emailTimingLabel } from './step-labels.ts'

export function EmailSteps({
	steps,
	sequenceStatus,
	initialEditId,
}: {
	steps: DrawerEmailStep[]
	sequenceStatus: string
	initialEditId: string | null
}) {
	const { readOnly } = useDrawer()
	const [editingId, setEditingId] = useState(initialEditId)
	if (steps.length === 0) {
		return (
			<p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
				No email steps yet.
			</p>
		)
	}
	return (
		<ol className="grid gap-3" aria-label="Email steps">
			{steps.map((step) => {
				const { canEdit, canEditTiming, canDelete } = stepPermissions(sequenceStatus, step.status, readOnly)
				const editing = canEdit && editingId === step.id
				return (
					<li key={step.id}>
						<StepCard
							title={emailStepTitle(step.order)}
							status={step.status}
							clicked={step.clicked}
							failureReason={step.failureReason}
							timing={
								<TimingControl
									kind="email"
									stepId={step.id}
									daysAfter={step.daysAfter}
									label={(days) => emailTimingLabel(step.order, days)}
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
											<DeleteStepForm kind="email" stepId={step.id} deletesSequence={steps.length === 1} />
										) : null}
									</>
								) : null
							}
						>
							{editing ? (
								<EmailStepEditor step={step} onDone={() => setEditingId(null)} />
							) : (
								<EmailStepContent step={step} />
							)}
						</StepCard>
					</li>
				)
			})}
		</ol>
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
	const { returnTo } = useDrawer()
	const subjectFetcher = useDrawerFetcher()
	const bodyFetcher = useDrawerFetcher()
	const [subject, setSubject] = useState(step.subject)
	const [bodyChanged, setBodyChanged] = useState(false)
	useFetcherResult(bodyFetcher, (result) => {
		if (result.ok) onDone()
	})
	const cancelHref = (() => {
		const url = new URL(returnTo, 'http://drawer')
		url.searchParams.delete('edit')
		return `${url.pathname}${url.search}`
	})()
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
				<div className="flex justify-end gap-2">
					<CancelEdit href={cancelHref} onCancel={onDone} />
					<Button type="submit" disabled={bodyFetcher.state !== 'idle'}>
						Save
					</Button>
				</div>
			</DrawerForm>
		</div>
	)
}

/** Cancel: closes the editor, or without JavaScript goes back to the drawer without ?edit. */
export function CancelEdit({ href, onCancel }: { href: string; onCancel: () => void }) {
	return (
		<Button asChild variant="outline">
			<a
				href={href}
				onClick={(event) => {
					event.preventDefault()
					onCancel()
				}}
			>
				Cancel
			</a>
		</Button>
	)
}

import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { useDrawer } from './drawer-context.tsx'
import { EditStepButton, StepCard, stepPermissions, TimingControl } from './step-card.tsx'
import { DeleteStepForm } from './step-delete.tsx'

type ListedStep = { id: string; order: number; status: string; daysAfter: number }

const LIST_TEXT = {
	email: { label: 'Email steps', empty: 'No email steps yet.' },
	linkedin: { label: 'LinkedIn steps', empty: 'No LinkedIn steps yet.' },
	phone: { label: 'Phone-call steps', empty: 'No phone-call steps yet.' },
} as const

/**
 * The drawer's email, LinkedIn or phone-call steps: a card each with its timing, Edit and Delete (as the
 * sequence's and the step's status allow); the card being edited shows the channel's editor.
 */
export function StepList<Step extends ListedStep>({
	kind,
	steps,
	sequenceStatus,
	initialEditId,
	lastDeletesSequence,
	title,
	timingLabel,
	cardDetails,
	schedule,
	content,
	editor,
}: {
	kind: keyof typeof LIST_TEXT
	steps: Step[]
	sequenceStatus: string
	initialEditId: string | null
	/** Removing the last step of this list removes the sequence. */
	lastDeletesSequence: boolean
	title: (order: number) => string
	timingLabel: (order: number, days: number) => string
	/** What the card shows beside the status (an email's click, its failure, a call's outcome). */
	cardDetails?: (step: Step) => {
		clicked?: boolean
		failureReason?: string | null
		badges?: React.ReactNode
	}
	/** When the step goes or went, and why it waits (email steps). */
	schedule?: (step: Step) => React.ReactNode
	content: (step: Step) => React.ReactNode
	editor: (step: Step, onDone: () => void) => React.ReactNode
}) {
	const { readOnly } = useDrawer()
	const [editingId, setEditingId] = useState(initialEditId)
	const text = LIST_TEXT[kind]
	if (steps.length === 0) {
		return (
			<p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
				{text.empty}
			</p>
		)
	}
	return (
		<ol className="grid gap-3" aria-label={text.label}>
			{steps.map((step) => {
				const { canEdit, canEditTiming, canDelete } = stepPermissions(sequenceStatus, step.status, readOnly)
				const editing = canEdit && editingId === step.id
				return (
					<li key={step.id}>
						<StepCard
							title={title(step.order)}
							status={step.status}
							{...cardDetails?.(step)}
							timing={
								<>
									<TimingControl
										kind={kind}
										stepId={step.id}
										daysAfter={step.daysAfter}
										label={(days) => timingLabel(step.order, days)}
										editable={canEditTiming}
									/>
									{schedule?.(step)}
								</>
							}
							actions={
								canEdit || canDelete ? (
									<>
										{canEdit && !editing ? (
											<EditStepButton stepId={step.id} onEdit={() => setEditingId(step.id)} />
										) : null}
										{canDelete ? (
											<DeleteStepForm
												kind={kind}
												stepId={step.id}
												deletesSequence={lastDeletesSequence && steps.length === 1}
											/>
										) : null}
									</>
								) : null
							}
						>
							{editing ? editor(step, () => setEditingId(null)) : content(step)}
						</StepCard>
					</li>
				)
			})}
		</ol>
	)
}

/** An editor's Cancel and Save (Save waits while its fetcher is busy). */
export function EditActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
	return (
		<div className="flex justify-end gap-2">
			<CancelEdit onCancel={onCancel} />
			<Button type="submit" disabled={saving}>
				Save
			</Button>
		</div>
	)
}

/** Cancel: closes the editor, or without JavaScript goes back to the drawer without ?edit. */
function CancelEdit({ onCancel }: { onCancel: () => void }) {
	const { returnTo } = useDrawer()
	const url = new URL(returnTo, 'http://drawer')
	url.searchParams.delete('edit')
	return (
		<Button asChild variant="outline">
			<a
				href={`${url.pathname}${url.search}`}
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

import { useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { DrawerForm, useDrawerFetcher, useDrawerSubmit } from './drawer-context.tsx'
import { DeleteStepButton, type StepKind } from './step-card.tsx'

/** Removing the step that takes the sequence with it. */
export const DELETE_SEQUENCE_CONFIRM = {
	title: 'Delete sequence?',
	message: 'This is the last step of its kind. Deleting it deletes the whole sequence.',
	confirmLabel: 'Delete sequence',
}

/** Delete sequence in the drawer's footer. */
export const DELETE_WHOLE_SEQUENCE_CONFIRM = {
	title: 'Delete sequence?',
	message: 'The sequence and its steps are deleted. This cannot be undone.',
	confirmLabel: 'Delete',
}

/**
 * Deletes a step. A step whose removal takes the sequence with it (the last email step, or the
 * very last step) asks first: with JavaScript a confirmation dialog; without, the action
 * answers with a confirmation form.
 */
export function DeleteStepForm({
	kind,
	stepId,
	deletesSequence,
}: {
	kind: StepKind
	stepId: string
	deletesSequence: boolean
}) {
	const fetcher = useDrawerFetcher()
	const submit = useDrawerSubmit(fetcher)
	const confirm = useConfirm()
	return (
		<DrawerForm
			fetcher={fetcher}
			intent="delete-step"
			onSubmit={async (event) => {
				if (!deletesSequence) return
				event.preventDefault()
				if (!(await confirm(DELETE_SEQUENCE_CONFIRM))) return
				submit('delete-step', { kind, stepId, confirmed: 'true' })
			}}
		>
			<input type="hidden" name="kind" value={kind} />
			<input type="hidden" name="stepId" value={stepId} />
			<DeleteStepButton disabled={fetcher.state !== 'idle'} />
		</DrawerForm>
	)
}

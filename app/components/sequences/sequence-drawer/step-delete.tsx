import { useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { DELETE_SEQUENCE_CONFIRM } from '#app/schemas/sequence-drawer.ts'
import { DrawerForm, useDrawerFetcher, useDrawerSubmit } from './drawer-context.tsx'
import { DeleteStepButton, type StepKind } from './step-card.tsx'

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

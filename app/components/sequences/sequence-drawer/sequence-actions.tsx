import { Ban, Pause, Send, Trash2, XCircle } from 'lucide-react'
import { useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { useGoogleScopeRetry } from '#app/components/mail/google-permissions-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { DELETE_WHOLE_SEQUENCE_CONFIRM, type DrawerSequence } from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	DrawerForm,
	useDrawer,
	useDrawerBusy,
	useDrawerFetcher,
	useDrawerSubmit,
	useFetcherResult,
} from './drawer-context.tsx'

const TERMINAL = ['COMPLETED', 'CANCELLED', 'FAILED']

/**
 * The drawer's footer: Activate sequence for a draft (disabled with no steps or while any
 * change is on its way; a Gmail grant that must be renewed opens the permissions dialog and
 * activation is retried once granted), Pause for an active one, Cancel, and Delete sequence.
 * While the assistant writes it, only Cancel generation (the sequence and its job go).
 */
export function SequenceActions({ sequence }: { sequence: DrawerSequence }) {
	const { readOnly, close } = useDrawer()
	const hydrated = useHydrated()
	const busy = useDrawerBusy()
	const confirm = useConfirm()
	const activator = useDrawerFetcher()
	const activate = useDrawerSubmit(activator)
	const changer = useDrawerFetcher()
	const change = useDrawerSubmit(changer)
	const deleter = useDrawerFetcher()
	const remove = useDrawerSubmit(deleter)
	const permissions = useGoogleScopeRetry()
	useFetcherResult(activator, (result) => {
		if (result.ok && result.intent === 'activate') close()
		else if (result.error === 'GoogleScopeError') permissions.requestGrant(() => activate('activate', {}))
	})
	useFetcherResult(deleter, (result) => {
		if (result.ok) close()
	})
	if (readOnly) return null
	if (sequence.status === 'CREATING') {
		return (
			<div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
				<DrawerForm fetcher={deleter} intent="cancel-generation">
					<Button type="submit" variant="outline" disabled={deleter.state !== 'idle'}>
						<PendingIcon pending={deleter.state !== 'idle'} icon={Ban} />
						Cancel generation
					</Button>
				</DrawerForm>
			</div>
		)
	}
	const stepCount = sequence.emailSteps.length + sequence.linkedInSteps.length
	const terminal = TERMINAL.includes(sequence.status)
	return (
		<div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
			{terminal ? null : (
				<DrawerForm
					fetcher={changer}
					intent="cancel"
					onSubmit={async (event) => {
						event.preventDefault()
						const confirmed = await confirm({
							title: 'Cancel sequence?',
							message: 'Steps not sent yet will not be sent.',
							cancelLabel: 'Keep',
							confirmLabel: 'Cancel sequence',
						})
						if (confirmed) change('cancel', {})
					}}
				>
					<Button type="submit" variant="outline" disabled={changer.state !== 'idle'}>
						<XCircle aria-hidden="true" />
						Cancel sequence
					</Button>
				</DrawerForm>
			)}
			<DrawerForm
				fetcher={deleter}
				intent="delete"
				onSubmit={async (event) => {
					event.preventDefault()
					const confirmed = await confirm(DELETE_WHOLE_SEQUENCE_CONFIRM)
					if (confirmed) remove('delete', { confirmed: 'true' })
				}}
			>
				<Button type="submit" variant="outline" disabled={deleter.state !== 'idle'}>
					<Trash2 aria-hidden="true" />
					Delete sequence
				</Button>
			</DrawerForm>
			{sequence.status === 'ACTIVE' ? (
				<DrawerForm fetcher={changer} intent="pause">
					<Button type="submit" variant="secondary" disabled={changer.state !== 'idle'}>
						<Pause aria-hidden="true" />
						Pause
					</Button>
				</DrawerForm>
			) : null}
			{sequence.status === 'PENDING' ? (
				<DrawerForm fetcher={activator} intent="activate">
					<Button type="submit" disabled={stepCount === 0 || (hydrated && busy)}>
						<PendingIcon pending={activator.state !== 'idle'} icon={Send} />
						Activate sequence
					</Button>
				</DrawerForm>
			) : null}
			{permissions.dialog}
		</div>
	)
}

import { MailCheck } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { type DrawerSequence } from '#app/schemas/sequence-drawer.ts'
import { DrawerForm, useDrawer, useDrawerFetcher } from './drawer-context.tsx'

const SENT = ['SENT', 'REPLIED']

/**
 * For a sequence sent from a mailbox nobody reads (SMTP without IMAP): says that a reply will
 * not stop it, and offers "Mark as replied" (a plain form; the fetcher only when hydrated).
 */
export function ManualReplyNotice({ sequence }: { sequence: DrawerSequence }) {
	const { readOnly } = useDrawer()
	const marker = useDrawerFetcher()
	if (sequence.repliesDetected || !['ACTIVE', 'PAUSED'].includes(sequence.status)) return null
	const anySent = sequence.emailSteps.some((step) => SENT.includes(step.status))
	return (
		<div
			role="note"
			className="mb-3 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
		>
			<p>
				Replies will not stop this sequence: Reachout cannot read the inbox of{' '}
				{sequence.fromEmail ?? 'its sender'} (no IMAP settings). If{' '}
				{sequence.contact.firstName || 'the contact'} replied, mark it here.
			</p>
			{readOnly || !anySent ? null : (
				<DrawerForm fetcher={marker} intent="mark-replied" className="self-start">
					<Button type="submit" size="sm" variant="outline" disabled={marker.state !== 'idle'}>
						<PendingIcon pending={marker.state !== 'idle'} icon={MailCheck} />
						Mark as replied
					</Button>
				</DrawerForm>
			)}
		</div>
	)
}

import { ROTATE_MAILBOXES } from '#app/schemas/campaign.ts'

/**
 * The options of a "Sender email" select: the empty choice, a campaign's rotation across its
 * sending mailboxes when it has them (decision 053), then each of the user's mailboxes.
 */
export function SenderOptions({
	mailboxes,
	rotation,
}: {
	mailboxes: ReadonlyArray<{ id: string; address: string }>
	rotation?: ReadonlyArray<string>
}) {
	return (
		<>
			<option value="">Select a sender email</option>
			{rotation?.length ? (
				<option value={ROTATE_MAILBOXES}>
					{`Rotate across the campaign’s ${rotation.length === 1 ? 'mailbox' : `${rotation.length} mailboxes`} (${rotation.join(', ')})`}
				</option>
			) : null}
			{mailboxes.map((mailbox) => (
				<option key={mailbox.id} value={mailbox.id}>
					{mailbox.address}
				</option>
			))}
		</>
	)
}

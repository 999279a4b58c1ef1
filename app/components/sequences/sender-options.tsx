/** The options of a "Sender email" select: the empty choice, then each of the user's mailboxes. */
export function SenderOptions({ mailboxes }: { mailboxes: ReadonlyArray<{ id: string; address: string }> }) {
	return (
		<>
			<option value="">Select a sender email</option>
			{mailboxes.map((mailbox) => (
				<option key={mailbox.id} value={mailbox.id}>
					{mailbox.address}
				</option>
			))}
		</>
	)
}

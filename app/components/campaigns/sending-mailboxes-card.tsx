import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'

export const SET_MAILBOXES_INTENT = 'set-mailboxes'

type MailboxChoice = {
	id: string
	address: string
	selected: boolean
	capToday: number
	sentToday: number
	waiting: number
	room: number
}

/**
 * A campaign's sending mailboxes (decision 053): tick two or more and Generate Sequences can
 * rotate across them. Each shows today's cap, what it sent and owes, and the room left — the
 * figure rotation fills by. A plain form: it works without JavaScript.
 */
export function SendingMailboxesCard({ mailboxes }: { mailboxes: MailboxChoice[] }) {
	const navigation = useNavigation()
	const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === SET_MAILBOXES_INTENT
	return (
		<SectionCard
			title="Sending mailboxes"
			description="Generate Sequences can send this campaign from several mailboxes: each new contact goes to the one with the most room under its daily cap, and keeps it for the whole thread."
		>
			<Form method="post" className="grid gap-3">
				<input type="hidden" name="intent" value={SET_MAILBOXES_INTENT} />
				<ul className="grid gap-2" aria-label="Mailboxes">
					{mailboxes.map((mailbox) => (
						<li key={mailbox.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
							<label className="flex min-w-0 items-center gap-2 text-sm">
								<input
									type="checkbox"
									name="mailboxIds"
									value={mailbox.id}
									defaultChecked={mailbox.selected}
									className="h-4 w-4 rounded border-input"
								/>
								<span className="truncate" title={mailbox.address}>
									{mailbox.address}
								</span>
							</label>
							<span className="text-xs text-muted-foreground">
								{`Today: ${mailbox.sentToday} of ${mailbox.capToday} sent · ${mailbox.waiting} waiting for a first email · room for ${Math.max(0, mailbox.room)}`}
							</span>
						</li>
					))}
				</ul>
				<div>
					<Button type="submit" variant="outline" disabled={saving}>
						{saving ? 'Saving…' : 'Save mailboxes'}
					</Button>
				</div>
			</Form>
		</SectionCard>
	)
}

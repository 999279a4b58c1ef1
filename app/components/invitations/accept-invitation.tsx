import { Form, useNavigation } from '@remix-run/react'
import { TriangleAlert } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

export type LeaveWarningView = {
	organizationName: string
	otherMembers: number
	runningSequences: number
	soleOwner: boolean
}

export type InvitationView = {
	id: string
	email: string
	organizationName: string
	invitedByName: string | null
	expiresAt: string
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** One invitation with what accepting leaves behind, said before the click, and its Accept form. */
export function AcceptInvitation({
	invitation,
	warning,
	action,
}: {
	invitation: InvitationView
	warning: LeaveWarningView | null
	/** Where Accept posts; the form sends `inviteId` too. */
	action?: string
}) {
	const navigation = useNavigation()
	const accepting =
		navigation.state === 'submitting' && navigation.formData?.get('inviteId') === invitation.id
	const headingId = `invitation-${invitation.id}`
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border p-4">
			<h2 id={headingId} className="text-base font-semibold">
				Join {invitation.organizationName}
			</h2>
			<p className="text-sm text-muted-foreground">
				{invitation.invitedByName ?? 'A teammate'} invited {invitation.email}. The invitation is valid until{' '}
				{dateFormat.format(new Date(invitation.expiresAt))}.
			</p>
			{warning ? <LeaveWarning warning={warning} /> : null}
			{warning?.soleOwner ? null : (
				<Form method="post" action={action}>
					<input type="hidden" name="inviteId" value={invitation.id} />
					<Button type="submit" disabled={accepting}>
						{accepting
							? 'Joining…'
							: warning
								? `Leave ${warning.organizationName} and join ${invitation.organizationName}`
								: `Join ${invitation.organizationName}`}
					</Button>
				</Form>
			)}
		</section>
	)
}

function LeaveWarning({ warning }: { warning: LeaveWarningView }) {
	const { organizationName, otherMembers, runningSequences, soleOwner } = warning
	return (
		<div
			role="note"
			className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
		>
			<TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
			<div className="flex flex-col gap-1">
				{soleOwner ? (
					<p>
						You are the only owner of {organizationName}, which has other members. Make one of them an owner
						in Settings before you leave it.
					</p>
				) : (
					<>
						<p>
							You belong to one organization at a time: joining means leaving{' '}
							<strong>{organizationName}</strong>. Its contacts, companies, sequences and settings stay there
							and you will no longer see them.
						</p>
						<p>
							{otherMembers === 0
								? `Nobody else belongs to ${organizationName}: after you leave, nobody can open it.`
								: `${otherMembers} other ${otherMembers === 1 ? 'member keeps' : 'members keep'} it.`}
							{runningSequences > 0
								? ` ${runningSequences} ${runningSequences === 1 ? 'sequence you started there is' : 'sequences you started there are'} still running and will keep sending.`
								: ''}
						</p>
					</>
				)}
			</div>
		</div>
	)
}

/** Why Accept failed (expired, replaced, sole owner), above the invitation. */
export function InvitationError({ message }: { message: string | null }) {
	if (!message) return null
	return (
		<p
			role="alert"
			className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
		>
			{message}
		</p>
	)
}

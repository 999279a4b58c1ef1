import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Send, UserPlus, X } from 'lucide-react'
import { useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { InviteSchema } from '#app/schemas/organization.ts'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { useZodForm } from '#app/utils/use-zod-form.ts'
import { formatDate } from './format-date.ts'
import { useIsSubmitting, useLastResult, useResetAfterSuccess } from './settings-form-hooks.ts'

export type InviteRow = { id: string; email: string; createdAt: string; expiresAt: string; expired: boolean }

export function InviteForm() {
	const formRef = useRef<HTMLFormElement>(null)
	const lastResult = useLastResult(INTENTS.invite)
	const isInviting = useIsSubmitting(INTENTS.invite)
	useResetAfterSuccess(formRef, INTENTS.invite)
	const [form, fields] = useZodForm(InviteSchema, {
		id: 'invite',
		lastResult,
		shouldValidate: 'onSubmit',
	})
	return (
		<section aria-labelledby="invite-heading" className="flex flex-col gap-2">
			<h3 id="invite-heading" className="text-sm font-medium">
				Invite by email
			</h3>
			<Form
				method="post"
				ref={formRef}
				aria-labelledby="invite-heading"
				className="flex flex-col gap-2"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value={INTENTS.invite} />
				<div className="flex items-start gap-2">
					<div className="flex flex-1 flex-col gap-2">
						<Label htmlFor={fields.email.id} className="sr-only">
							Email address
						</Label>
						<Input
							{...getInputProps(fields.email, { type: 'email' })}
							placeholder="teammate@company.com"
							autoComplete="off"
						/>
						<ErrorList id={fields.email.errorId} errors={fields.email.errors} />
					</div>
					<Button type="submit" disabled={isInviting}>
						<UserPlus aria-hidden="true" />
						{isInviting ? 'Inviting…' : 'Invite'}
					</Button>
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
			</Form>
		</section>
	)
}

export function PendingInvites({ invites, canManage }: { invites: InviteRow[]; canManage: boolean }) {
	return (
		<section aria-labelledby="pending-invites-heading" className="flex flex-col gap-2">
			<h3 id="pending-invites-heading" className="text-sm font-medium">
				Pending invites
			</h3>
			{invites.length ? (
				<ul
					aria-labelledby="pending-invites-heading"
					className="max-h-[200px] divide-y overflow-y-auto rounded-md border"
				>
					{invites.map((invite) => (
						<li key={invite.id} className="flex items-center justify-between gap-3 px-3 py-2">
							<div className="flex min-w-0 flex-col">
								<span className="truncate text-sm">{invite.email}</span>
								<span className="text-xs text-muted-foreground">
									Invited {formatDate(invite.createdAt)} ·{' '}
									{invite.expired ? (
										<span className="font-medium text-destructive">Expired</span>
									) : (
										<>Link valid until {formatDate(invite.expiresAt)}</>
									)}
								</span>
							</div>
							{canManage ? (
								<div className="flex shrink-0 gap-1">
									<InviteActionForm invite={invite} action={INTENTS.resendInvite} />
									<InviteActionForm invite={invite} action={INTENTS.cancelInvite} />
								</div>
							) : null}
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-muted-foreground">No pending invites.</p>
			)}
		</section>
	)
}

/** Resend and Cancel: one small form each, posting the invite's id with its intent. */
function InviteActionForm({
	invite,
	action,
}: {
	invite: InviteRow
	action: typeof INTENTS.resendInvite | typeof INTENTS.cancelInvite
}) {
	const isSubmitting = useIsSubmitting(action, { name: 'inviteId', value: invite.id })
	const resend = action === INTENTS.resendInvite
	return (
		<Form method="post">
			<input type="hidden" name="intent" value={action} />
			<input type="hidden" name="inviteId" value={invite.id} />
			<Button
				type="submit"
				variant="ghost"
				size="sm"
				disabled={isSubmitting}
				aria-label={resend ? `Resend invite to ${invite.email}` : `Cancel invite for ${invite.email}`}
			>
				{resend ? <Send aria-hidden="true" /> : <X aria-hidden="true" />}
				{resend ? (isSubmitting ? 'Sending…' : 'Resend') : 'Cancel'}
			</Button>
		</Form>
	)
}

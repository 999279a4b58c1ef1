import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { ConnectLinkedInDialog } from '#app/components/linkedin/connect-linkedin-dialog.tsx'
import { useSenderMailboxes } from '#app/components/mail/use-sender-mailboxes.ts'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { GenerateSequenceFormSchema } from '#app/schemas/generate-sequence-form.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { CreateSequenceDialog } from './create-sequence-dialog.tsx'
import { SenderOptions } from './sender-options.tsx'

export type GenerateSequenceContact = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	linkedin: string | null
	role: string | null
}

const UNKNOWN_ERROR = 'An unknown error occurred'

type SessionUser = {
	id: string
	featureFlags?: Array<{ key: string; value: string }>
	linkedinConnected?: boolean
}

/** The signed-in user (GET /api/v1/auth/user): feature flags and the LinkedIn connection; null until known. */
function useSessionUser() {
	const [user, setUser] = useState<SessionUser | null>(null)
	useEffect(() => {
		const controller = new AbortController()
		apiRequest<{ user?: SessionUser } | null>('/api/v1/auth/user', { signal: controller.signal })
			.then((session) => setUser(session?.user ?? null))
			.catch(() => {})
		return () => controller.abort()
	}, [])
	return user
}

function hasFeatureFlag(user: SessionUser | null, key: string) {
	const flag = user?.featureFlags?.find((candidate) => candidate.key === key)
	return Boolean(flag) && flag?.value !== 'false'
}

/**
 * The Generate Sequence panel: posts the contact, sender and options to /api/sequences/background
 * (the sequence is written by a worker). "Switch to Manual" swaps it for the Create Email Sequence dialog.
 */
export function GenerateSequencePanel({
	contact,
	open,
	onOpenChange,
}: {
	contact: GenerateSequenceContact
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const [manual, setManual] = useState(false)
	return (
		<>
			<DialogShell
				open={open && !manual}
				onOpenChange={onOpenChange}
				title="Generate Sequence"
				description="The assistant writes a sequence for this contact; it appears as a draft when ready."
				descriptionId="generate-sequence-description"
				className="max-w-lg"
			>
				{open && !manual ? (
					<GenerateSequenceBody
						contact={contact}
						onClose={() => onOpenChange(false)}
						onManual={() => setManual(true)}
					/>
				) : null}
			</DialogShell>
			{manual ? (
				<CreateSequenceDialog
					contact={contact}
					open={open}
					onOpenChange={(next) => {
						if (next) return
						setManual(false)
						onOpenChange(false)
					}}
				/>
			) : null}
		</>
	)
}

function GenerateSequenceBody({
	contact,
	onClose,
	onManual,
}: {
	contact: GenerateSequenceContact
	onClose: () => void
	onManual: () => void
}) {
	const mailboxes = useSenderMailboxes()
	const sessionUser = useSessionUser()
	const phoneEnabled = hasFeatureFlag(sessionUser, 'sequence:phone')
	const hasLinkedin = Boolean(contact.linkedin)
	// LinkedIn steps go out through the user's Chrome companion, so the request starts on only
	// when LinkedIn is connected; turning it on otherwise opens Connect LinkedIn first.
	const [linkedinConnected, setLinkedinConnected] = useState(false)
	const [connectingLinkedin, setConnectingLinkedin] = useState(false)
	const linkedinTouched = useRef(false)
	const [sender, setSender] = useState('')
	const [linkedin, setLinkedin] = useState(false)
	const [pending, setPending] = useState(false)
	const request = useRef<AbortController | null>(null)
	const [form, fields] = useForm({
		id: 'generate-sequence',
		constraint: getZodConstraint(GenerateSequenceFormSchema),
		shouldValidate: 'onSubmit',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GenerateSequenceFormSchema }),
		onSubmit(event, { submission }) {
			// The panel starts the generation through the API and stays open on a refusal.
			event.preventDefault()
			if (submission?.status === 'success') void generate(submission.value)
		},
	})

	// Preselect the user's own mailbox (listed first).
	const firstMailbox = mailboxes.mailboxes[0]?.id
	useEffect(() => {
		if (firstMailbox) setSender((current) => current || firstMailbox)
	}, [firstMailbox])
	useEffect(() => {
		if (!sessionUser?.linkedinConnected) return
		setLinkedinConnected(true)
		if (!linkedinTouched.current) setLinkedin(true)
	}, [sessionUser])
	function changeLinkedin(next: boolean) {
		linkedinTouched.current = true
		if (next && !linkedinConnected) return setConnectingLinkedin(true)
		setLinkedin(next)
	}
	// Closing the panel aborts an unfinished request (and so shows no toast).
	useEffect(() => () => request.current?.abort(), [])

	async function generate(value: { emailAddressId: string; prompt: string } & Record<Toggle, boolean>) {
		const controller = new AbortController()
		request.current = controller
		setPending(true)
		try {
			await apiRequest('/api/sequences/background', {
				method: 'POST',
				signal: controller.signal,
				body: {
					prompt: value.prompt,
					contactId: contact.id,
					emailAddressId: value.emailAddressId,
					orgPrompt: value.orgPrompt,
					linkedin: hasLinkedin && value.linkedin,
					phoneCall: phoneEnabled && value.phoneCall,
				},
				fallbackMessage: UNKNOWN_ERROR,
			})
			notify({ type: 'success', title: 'Your sequence is being generated. Give it a moment.' })
			onClose()
		} catch (error) {
			if (controller.signal.aborted) return
			const message = error instanceof Error ? error.message : UNKNOWN_ERROR
			notify({ type: 'error', title: 'Failed to generate sequence', description: message })
			setPending(false)
		}
	}

	const name = `${contact.firstName} ${contact.lastName}`
	const disabled = pending || mailboxes.status === 'loading'
	const senderErrors = fields.emailAddressId.errors
	return (
		<>
			<form className="grid gap-4" {...getFormProps(form)}>
				<div className="rounded-md border p-3 text-sm" data-testid="generate-sequence-contact">
					<p className="font-medium">{name}</p>
					<p className="text-muted-foreground">
						{contact.email ?? contact.linkedin ?? 'No email or LinkedIn'}
					</p>
					{contact.role ? <p className="text-muted-foreground">{contact.role}</p> : null}
				</div>
				<fieldset disabled={disabled} className="grid gap-4">
					<div className="grid gap-2">
						<Label htmlFor="generate-sequence-sender">Sender email</Label>
						<Select
							id="generate-sequence-sender"
							name={fields.emailAddressId.name}
							value={sender}
							onChange={(event) => setSender(event.target.value)}
							aria-invalid={senderErrors ? true : undefined}
							aria-describedby={senderErrors ? fields.emailAddressId.errorId : undefined}
						>
							<SenderOptions mailboxes={mailboxes.mailboxes} />
						</Select>
						<ErrorList
							id={fields.emailAddressId.errorId}
							errors={[senderErrors?.[0], mailboxes.status === 'error' ? mailboxes.message : null]}
						/>
					</div>
					<ToggleField name="orgPrompt" label="Organization Prompt" defaultChecked />
					<ToggleField
						name="linkedin"
						label="LinkedIn Request"
						hint={hasLinkedin ? undefined : 'This contact has no LinkedIn profile.'}
						checked={hasLinkedin && linkedin}
						onCheckedChange={changeLinkedin}
						disabled={!hasLinkedin}
					/>
					{phoneEnabled ? <ToggleField name="phoneCall" label="Phone Call Request" /> : null}
					<div className="grid gap-2">
						<Label htmlFor={fields.prompt.id}>Additional information</Label>
						<Textarea
							{...getTextareaProps(fields.prompt)}
							placeholder="Anything the assistant should know or mention"
							rows={4}
						/>
					</div>
				</fieldset>
				<DialogFooter className="gap-2 sm:justify-between">
					<Button type="button" variant="ghost" onClick={onManual} disabled={pending}>
						Switch to Manual
					</Button>
					<div className="flex gap-2">
						<DialogCancelButton />
						<Button type="submit" disabled={disabled}>
							<PendingIcon pending={pending} />
							Generate Sequence
						</Button>
					</div>
				</DialogFooter>
			</form>
			<ConnectLinkedInDialog
				open={connectingLinkedin}
				onOpenChange={setConnectingLinkedin}
				userId={sessionUser?.id ?? null}
				onConnected={() => {
					setLinkedinConnected(true)
					setLinkedin(true)
				}}
			/>
		</>
	)
}

type Toggle = 'orgPrompt' | 'linkedin' | 'phoneCall'

/** One of the assistant's options: a switch that posts `name=on` when on. */
function ToggleField({
	name,
	label,
	hint,
	...switchProps
}: {
	name: Toggle
	label: string
	hint?: string
	defaultChecked?: boolean
	checked?: boolean
	onCheckedChange?: (checked: boolean) => void
	disabled?: boolean
}) {
	const id = `generate-sequence-${name}`
	return (
		<div className="flex items-center justify-between gap-3">
			<div className="grid gap-0.5">
				<Label htmlFor={id}>{label}</Label>
				{hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
			</div>
			<Switch id={id} name={name} {...switchProps} />
		</div>
	)
}

import * as SwitchPrimitive from '@radix-ui/react-switch'
import { Loader2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { ConnectLinkedInDialog } from '#app/components/linkedin/connect-linkedin-dialog.tsx'
import { useSenderMailboxes } from '#app/components/mail/use-sender-mailboxes.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { CreateSequenceDialog } from './create-sequence-dialog.tsx'

export type GenerateSequenceContact = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	linkedin: string | null
	role: string | null
}

const SENDER_REQUIRED = 'Please select a sender email'

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
		fetch('/api/v1/auth/user', { signal: controller.signal, headers: { Accept: 'application/json' } })
			.then((response) => (response.ok ? response.json() : null))
			.then((session: { user?: SessionUser } | null) => setUser(session?.user ?? null))
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
			<Dialog open={open && !manual} onOpenChange={onOpenChange}>
				{open && !manual ? (
					<DialogContent className="max-w-lg" aria-describedby="generate-sequence-description">
						<GenerateSequenceBody
							contact={contact}
							onClose={() => onOpenChange(false)}
							onManual={() => setManual(true)}
						/>
					</DialogContent>
				) : null}
			</Dialog>
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
	const [senderError, setSenderError] = useState<string | null>(null)
	const [orgPrompt, setOrgPrompt] = useState(true)
	const [linkedin, setLinkedin] = useState(false)
	const [phoneCall, setPhoneCall] = useState(false)
	const [prompt, setPrompt] = useState('')
	const [pending, setPending] = useState(false)
	const request = useRef<AbortController | null>(null)

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

	async function generate(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (!sender) return setSenderError(SENDER_REQUIRED)
		setSenderError(null)
		const controller = new AbortController()
		request.current = controller
		setPending(true)
		try {
			const response = await fetch('/api/sequences/background', {
				method: 'POST',
				signal: controller.signal,
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({
					prompt,
					contactId: contact.id,
					emailAddressId: sender,
					orgPrompt,
					linkedin: hasLinkedin && linkedin,
					phoneCall: phoneEnabled && phoneCall,
				}),
			})
			const body = (await response.json().catch(() => null)) as { message?: string } | null
			if (!response.ok) throw new Error(body?.message ?? 'An unknown error occurred')
			toast.success('Your sequence is being generated. Give it a moment.')
			onClose()
		} catch (error) {
			if (controller.signal.aborted) return
			const message = error instanceof Error ? error.message : 'An unknown error occurred'
			toast.error('Failed to generate sequence', { description: message })
			setPending(false)
		}
	}

	const name = `${contact.firstName} ${contact.lastName}`
	const disabled = pending || mailboxes.status === 'loading'
	return (
		<>
			<form onSubmit={generate} noValidate className="grid gap-4">
				<DialogHeader>
					<DialogTitle>Generate Sequence</DialogTitle>
					<DialogDescription id="generate-sequence-description">
						The assistant writes a sequence for this contact; it appears as a draft when ready.
					</DialogDescription>
				</DialogHeader>
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
							value={sender}
							onChange={(event) => setSender(event.target.value)}
							aria-invalid={senderError ? true : undefined}
							aria-describedby={senderError ? 'generate-sequence-sender-error' : undefined}
						>
							<option value="">Select a sender email</option>
							{mailboxes.mailboxes.map((mailbox) => (
								<option key={mailbox.id} value={mailbox.id}>
									{mailbox.address}
								</option>
							))}
						</Select>
						<ErrorList
							id="generate-sequence-sender-error"
							errors={[senderError, mailboxes.status === 'error' ? mailboxes.message : null]}
						/>
					</div>
					<Toggle
						id="generate-sequence-org"
						label="Organization Prompt"
						checked={orgPrompt}
						onChange={setOrgPrompt}
					/>
					<Toggle
						id="generate-sequence-linkedin"
						label="LinkedIn Request"
						hint={hasLinkedin ? undefined : 'This contact has no LinkedIn profile.'}
						checked={hasLinkedin && linkedin}
						onChange={changeLinkedin}
						disabled={!hasLinkedin}
					/>
					{phoneEnabled ? (
						<Toggle
							id="generate-sequence-phone"
							label="Phone Call Request"
							checked={phoneCall}
							onChange={setPhoneCall}
						/>
					) : null}
					<div className="grid gap-2">
						<Label htmlFor="generate-sequence-prompt">Additional information</Label>
						<Textarea
							id="generate-sequence-prompt"
							value={prompt}
							onChange={(event) => setPrompt(event.target.value)}
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
						<Button type="button" variant="outline" onClick={onClose}>
							Cancel
						</Button>
						<Button type="submit" disabled={disabled}>
							{pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
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

function Toggle({
	id,
	label,
	hint,
	checked,
	onChange,
	disabled,
}: {
	id: string
	label: string
	hint?: string
	checked: boolean
	onChange: (checked: boolean) => void
	disabled?: boolean
}) {
	return (
		<div className="flex items-center justify-between gap-3">
			<div className="grid gap-0.5">
				<Label htmlFor={id}>{label}</Label>
				{hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
			</div>
			<SwitchPrimitive.Root
				id={id}
				checked={checked}
				onCheckedChange={onChange}
				disabled={disabled}
				className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
			>
				<SwitchPrimitive.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
			</SwitchPrimitive.Root>
		</div>
	)
}

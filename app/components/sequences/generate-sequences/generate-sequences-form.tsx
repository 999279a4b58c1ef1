import {
	type FieldMetadata,
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	type SubmissionResult,
	useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, type useFetcher, useNavigation } from '@remix-run/react'
import { Sparkles } from 'lucide-react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { ROTATE_MAILBOXES } from '#app/schemas/campaign.ts'
import {
	GENERATION_TARGET_FIELDS,
	GenerationRunFormFieldsSchema,
	GenerationRunFormSchema,
} from '#app/schemas/generation-run-form.ts'
import { SenderOptions } from '../sender-options.tsx'

export const GENERATE_SEQUENCES_ACTION = '/sequences/generations/new'

/** What the action answers when it refuses the form (a redirect otherwise). */
export type GenerateSequencesActionData = { result: SubmissionResult<string[]> }

export type GenerateSequencesFormData = {
	/** The target's query (campaignId=… or contactIds=…&search=…), sent back as hidden fields. */
	query: string
	target: {
		label: string
		count: number
		/** Who the run would skip and why (generation-skips.server.ts), said before the click. */
		skips?: {
			eligible: number
			skipped: number
			contacts: Array<{ id: string; name: string; reason: string }>
		}
	} | null
	mailboxes: Array<{ id: string; address: string }>
	/** A campaign's sending mailboxes (decision 053): offered, and chosen first, as a rotation. */
	rotation?: string[]
	phoneEnabled: boolean
	linkedinConnected: boolean
}

/**
 * Generate Sequences: who (the campaign or the picked contacts), a sender, the assistant's
 * options and additional information. A plain form (checkboxes, a native select), so it works
 * without JavaScript; in the dialog it posts through a fetcher and shows errors in place.
 */
export function GenerateSequencesForm({
	data,
	lastResult,
	cancelHref,
	onCancel,
	fetcher,
}: {
	data: GenerateSequencesFormData
	lastResult?: SubmissionResult<string[]>
	cancelHref?: string
	onCancel?: () => void
	fetcher?: ReturnType<typeof useFetcher<GenerateSequencesActionData>>
}) {
	const navigation = useNavigation()
	const submitting = fetcher
		? fetcher.state !== 'idle'
		: navigation.state !== 'idle' && navigation.formAction?.startsWith(GENERATE_SEQUENCES_ACTION) === true
	const [form, fields] = useForm({
		id: 'generate-sequences',
		lastResult: fetcher ? fetcher.data?.result : lastResult,
		constraint: getZodConstraint(GenerationRunFormFieldsSchema),
		defaultValue: {
			emailAddressId: data.rotation?.length
				? ROTATE_MAILBOXES
				: data.mailboxes.length === 1
					? data.mailboxes[0]!.id
					: '',
			orgPrompt: 'on',
			linkedin: data.linkedinConnected ? 'on' : undefined,
		},
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GenerationRunFormSchema }),
	})
	const FormComponent = fetcher ? fetcher.Form : Form
	const nothingToGenerate = data.target?.skips?.eligible === 0
	const hidden = [...new URLSearchParams(data.query)].filter(([key]) => TARGET_FIELDS.has(key))

	if (!data.target) {
		return (
			<p className="text-sm text-muted-foreground">
				Pick contacts on the Contacts page, or open a campaign, then choose Generate Sequences.
			</p>
		)
	}
	return (
		<FormComponent
			method="post"
			// The query too: a refused form re-renders the page for the same contacts.
			action={`${GENERATE_SEQUENCES_ACTION}?${data.query}`}
			className="grid gap-5"
			{...getFormProps(form)}
		>
			{hidden.map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<p className="text-sm">
				A draft for each of <span className="font-medium">{data.target.label}</span>
				{data.target.count > 0 ? ` (${data.target.count.toLocaleString('en-US')} contacts)` : ''}. Contacts
				with no email address, or with a sequence already open, are skipped.
			</p>
			{data.target.skips ? <SkippedContacts skips={data.target.skips} /> : null}
			<fieldset disabled={submitting} className="grid min-w-0 gap-5">
				<div className="grid min-w-0 gap-1.5">
					<Label htmlFor={fields.emailAddressId.id}>Sender email</Label>
					<select
						{...getSelectProps(fields.emailAddressId)}
						className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
					>
						<SenderOptions mailboxes={data.mailboxes} rotation={data.rotation} />
					</select>
					<ErrorList id={fields.emailAddressId.errorId} errors={fields.emailAddressId.errors} />
				</div>
				<div className="grid gap-3">
					<Option
						field={fields.orgPrompt}
						label="Organization Prompt"
						hint="Write from your organization's summary, description and documents."
					/>
					<Option
						field={fields.linkedin}
						label="LinkedIn Request"
						hint={
							data.linkedinConnected
								? 'A connection request and messages, for contacts with a LinkedIn profile.'
								: 'LinkedIn is not connected yet: connect it in Chrome before these steps are due.'
						}
					/>
					{data.phoneEnabled ? (
						<Option field={fields.phoneCall} label="Phone Call Request" hint="Talking points for a call." />
					) : null}
				</div>
				<div className="grid gap-1.5">
					<Label htmlFor={fields.prompt.id}>Additional information</Label>
					<Textarea
						{...getTextareaProps(fields.prompt)}
						rows={4}
						maxLength={4000}
						placeholder="Anything the assistant should know: an offer, an event, the tone to use…"
					/>
				</div>
			</fieldset>
			<ErrorList
				id={form.errorId}
				errors={[form.errors?.[0] ?? fields.contactIds.errors?.[0] ?? fields.campaignId.errors?.[0]]}
			/>
			<div className="flex justify-end gap-2">
				{onCancel ? (
					<Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
						Cancel
					</Button>
				) : cancelHref ? (
					<Link to={cancelHref} className={buttonVariants({ variant: 'outline' })}>
						Cancel
					</Link>
				) : null}
				<Button type="submit" disabled={submitting || nothingToGenerate}>
					<PendingIcon pending={submitting} icon={Sparkles} />
					Generate Sequences
				</Button>
			</div>
		</FormComponent>
	)
}

const TARGET_FIELDS = new Set<string>(GENERATION_TARGET_FIELDS)

type Skips = NonNullable<NonNullable<GenerateSequencesFormData['target']>['skips']>

/** Before the click: how many drafts, and each contact that will be skipped with its reason. */
function SkippedContacts({ skips }: { skips: Skips }) {
	if (skips.skipped === 0) return null
	const more = skips.skipped - skips.contacts.length
	const count = (n: number) => n.toLocaleString('en-US')
	return (
		<section
			aria-label="Contacts that will be skipped"
			className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
		>
			<p className="font-medium" role={skips.eligible === 0 ? 'alert' : undefined}>
				{skips.eligible === 0
					? `Nothing to generate: all ${count(skips.skipped)} contacts will be skipped.`
					: `${count(skips.eligible)} ${skips.eligible === 1 ? 'draft' : 'drafts'} will be written; ${count(skips.skipped)} ${skips.skipped === 1 ? 'contact' : 'contacts'} will be skipped.`}
			</p>
			<ul className="grid max-h-40 gap-1 overflow-auto">
				{skips.contacts.map((contact) => (
					<li key={contact.id} className="flex flex-wrap justify-between gap-x-3">
						<span className="font-medium">{contact.name}</span>
						<span className="text-amber-900">{contact.reason}</span>
					</li>
				))}
			</ul>
			{more > 0 ? <p className="text-xs">and {count(more)} more</p> : null}
		</section>
	)
}

function Option({ field, label, hint }: { field: FieldMetadata<boolean>; label: string; hint: string }) {
	const { key, ...props } = getInputProps(field, { type: 'checkbox' })
	return (
		<div className="flex items-start gap-3">
			<input key={key} {...props} className="mt-0.5 size-4 shrink-0 accent-primary" />
			<div className="grid gap-0.5">
				<Label htmlFor={field.id}>{label}</Label>
				<p className="text-xs text-muted-foreground">{hint}</p>
			</div>
		</div>
	)
}

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
	target: { label: string; count: number } | null
	mailboxes: Array<{ id: string; address: string }>
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
			emailAddressId: data.mailboxes.length === 1 ? data.mailboxes[0]!.id : '',
			orgPrompt: 'on',
			linkedin: data.linkedinConnected ? 'on' : undefined,
		},
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GenerationRunFormSchema }),
	})
	const FormComponent = fetcher ? fetcher.Form : Form
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
			<fieldset disabled={submitting} className="grid gap-5">
				<div className="grid gap-1.5">
					<Label htmlFor={fields.emailAddressId.id}>Sender email</Label>
					<select
						{...getSelectProps(fields.emailAddressId)}
						className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
					>
						<SenderOptions mailboxes={data.mailboxes} />
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
				<Button type="submit" disabled={submitting}>
					<PendingIcon pending={submitting} icon={Sparkles} />
					Generate Sequences
				</Button>
			</div>
		</FormComponent>
	)
}

const TARGET_FIELDS = new Set<string>(GENERATION_TARGET_FIELDS)

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

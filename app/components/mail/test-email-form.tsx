import {
	getFormProps,
	getInputProps,
	getSelectProps,
	type SubmissionResult,
	useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from '@remix-run/react'
import { Loader2, Send, Sparkles } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { EmailEditor } from '#app/components/editor/email-editor.tsx'
import { notify } from '#app/components/toaster.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { FormField, InputField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { type EmailSample, invalidFieldTitle, type TestEmail, TestEmailSchema } from '#app/schemas/test-email.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { type SenderMailbox } from './use-sender-mailboxes.ts'

export const TEST_EMAIL_ACTION = '/settings/test-email'

/** What /settings/test-email answers a post with. */
export type TestEmailActionData = {
	result: SubmissionResult<string[]>
	sent?: boolean
	/** Gmail access is missing or revoked: ask for it, then send again. */
	googleScopeError?: boolean
}

type FormValue = { mailbox_id: string; to: string; subject: string; body?: string; proseMirrorJson?: string }

/** "Invalid subject" with the field's first message, as the spec's client shows it. */
function toastFirstError(error: Record<string, string[] | null> | null | undefined) {
	const [field, messages] = Object.entries(error ?? {}).find(([, list]) => list?.length) ?? []
	// One id: a second invalid submit replaces the toast instead of stacking another.
	if (!field || !messages?.[0]) return
	notify({
		type: 'error',
		title: invalidFieldTitle(field),
		id: 'test-email-invalid',
		description: messages[0],
	})
}

type TestEmailFormProps = {
	id: string
	mailboxes: SenderMailbox[]
	defaultTo: string
	/** A sample to start from (the page's `?sample=1`, GET /api/v1/emails/random's answer). */
	sample?: EmailSample | null
	FormComponent?: typeof Form
	hiddenFields?: Record<string, string>
	lastResult?: SubmissionResult<string[]> | null
	pending: boolean
	secondaryAction?: React.ReactNode
	/** Called with what a valid form posts (kept to send again after Google sign-in). */
	onSubmitData?: (formData: FormData) => void
}

/**
 * The Send Test Email fields, shared by the settings dialog (a fetcher) and
 * /settings/test-email (a plain form, also without JavaScript). "Use a sample email" fills the
 * subject and body from GET /api/v1/emails/random (the form starts again from it, keeping the
 * sender and recipients); without JavaScript it is a link to the page with `?sample=1`.
 */
export function TestEmailForm(props: TestEmailFormProps) {
	const hydrated = useHydrated()
	const [loaded, setLoaded] = useState<{ sample: EmailSample; keep: Keep; lastResult: unknown; n: number } | null>(null)
	const [loading, setLoading] = useState(false)
	const formRef = useRef<HTMLFormElement>(null)

	async function loadSample() {
		setLoading(true)
		try {
			const sample = await apiRequest<EmailSample>(EMAIL_SAMPLE_URL, {
				fallbackMessage: 'Could not load a sample email',
			})
			const data = formRef.current ? new FormData(formRef.current) : null
			const keep = { mailbox_id: String(data?.get('mailbox_id') ?? ''), to: String(data?.get('to') ?? '') }
			setLoaded((previous) => ({ sample, keep, lastResult: props.lastResult, n: (previous?.n ?? 0) + 1 }))
		} catch (error) {
			if (error instanceof ApiError) notify({ type: 'error', title: error.message })
		} finally {
			setLoading(false)
		}
	}

	const sampleControl = hydrated ? (
		<Button type="button" variant="ghost" size="sm" onClick={loadSample} disabled={loading || props.pending}>
			<Sparkles aria-hidden="true" />
			Use a sample email
		</Button>
	) : (
		<Link to={`${TEST_EMAIL_ACTION}?sample=1`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
			<Sparkles aria-hidden="true" />
			Use a sample email
		</Link>
	)
	// A server reply from before the sample was loaded belongs to the old form.
	const lastResult = loaded && loaded.lastResult === props.lastResult ? undefined : props.lastResult
	return (
		<TestEmailFields
			// A new key starts the form (and the rich editor) again from the sample.
			key={loaded ? `sample-${loaded.n}` : 'initial'}
			{...props}
			lastResult={lastResult}
			sample={loaded?.sample ?? props.sample}
			keep={loaded?.keep}
			formRef={formRef}
			sampleControl={sampleControl}
		/>
	)
}

type Keep = { mailbox_id: string; to: string }

const EMAIL_SAMPLE_URL = '/api/v1/emails/random'

function TestEmailFields({
	id,
	mailboxes,
	defaultTo,
	sample,
	keep,
	formRef,
	sampleControl,
	FormComponent = Form,
	hiddenFields,
	lastResult,
	pending,
	secondaryAction,
	onSubmitData,
}: TestEmailFormProps & {
	keep?: Keep
	formRef: React.RefObject<HTMLFormElement>
	sampleControl: React.ReactNode
}) {
	const bodyLabelId = useId()
	const [form, fields] = useForm<FormValue, TestEmail>({
		id,
		lastResult,
		constraint: getZodConstraint(TestEmailSchema),
		defaultValue: {
			mailbox_id: keep?.mailbox_id || (mailboxes[0]?.id ?? ''),
			to: keep?.to ?? defaultTo,
			subject: sample?.subject ?? '',
			body: sample?.body,
		},
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			return parseWithZod(formData, { schema: TestEmailSchema })
		},
		onSubmit(_event, { formData, submission }) {
			if (submission?.status === 'success') onSubmitData?.(formData)
		},
	})
	const formProps = getFormProps(form)
	const selected = mailboxes.find((mailbox) => mailbox.id === fields.mailbox_id.value) ?? mailboxes[0]
	const bodyErrors = fields.body.errors ?? fields.proseMirrorJson.errors

	return (
		<FormComponent
			ref={formRef}
			method="post"
			action={TEST_EMAIL_ACTION}
			className="grid gap-4"
			{...formProps}
			onSubmit={(event) => {
				formProps.onSubmit(event)
				// Conform stopped an invalid form: say which field, as a toast too.
				if (event.defaultPrevented) {
					const submission = parseWithZod(new FormData(event.currentTarget), { schema: TestEmailSchema })
					if (submission.status === 'error') toastFirstError(submission.error)
				}
			}}
		>
			{Object.entries(hiddenFields ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<FormField label="From" field={fields.mailbox_id} className="gap-1.5">
				<NativeSelect {...getSelectProps(fields.mailbox_id)} disabled={pending}>
					{mailboxes.length === 0 ? <option value="">No sender addresses</option> : null}
					{mailboxes.map((mailbox) => (
						<option key={mailbox.id} value={mailbox.id}>
							{mailbox.address}
						</option>
					))}
				</NativeSelect>
			</FormField>
			<FormField label="To" field={fields.to} className="gap-1.5">
				<Input
					{...getInputProps(fields.to, { type: 'text' })}
					inputMode="email"
					autoComplete="email"
					placeholder="you@company.com, colleague@company.com"
					disabled={pending}
				/>
				<p className="text-xs text-muted-foreground">One address, or several separated by commas.</p>
			</FormField>
			<InputField
				label="Subject"
				field={fields.subject}
				className="gap-1.5"
				placeholder="Testing my email"
				disabled={pending}
			/>
			<div className="grid gap-1.5">
				<div className="flex items-center justify-between gap-2">
					<Label id={bodyLabelId} htmlFor={`${id}-body`}>
						Email body
					</Label>
					{sampleControl}
				</div>
				<EmailEditor
					id={`${id}-body`}
					name={fields.proseMirrorJson.name}
					htmlName={fields.body.name}
					fallbackName={fields.body.name}
					initialHtml={fields.body.initialValue}
					aria-labelledby={bodyLabelId}
					aria-describedby={bodyErrors?.length ? fields.body.errorId : undefined}
					aria-invalid={Boolean(bodyErrors?.length)}
					disabled={pending}
				/>
				<ErrorList id={fields.body.errorId} errors={bodyErrors} />
			</div>
			<p
				className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground"
				data-testid="test-email-note"
			>
				The test email is sent from your mailbox address
				{selected ? (
					<>
						{' '}
						<span className="font-medium text-foreground">{selected.address}</span>
					</>
				) : null}
				, the way your sequences are sent.
			</p>
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="flex flex-wrap justify-end gap-2">
				{secondaryAction}
				<Button type="submit" disabled={pending || mailboxes.length === 0}>
					{pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
					Send Test Email
				</Button>
			</div>
		</FormComponent>
	)
}

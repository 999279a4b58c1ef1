import {
	type FieldMetadata,
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { ContactBackLink } from '#app/components/sequences/contact-back-link.tsx'
import { SenderOptions } from '#app/components/sequences/sender-options.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
	GenerationRequestError,
	SEQUENCE_PHONE_FLAG,
	startSequenceGeneration,
} from '#app/models/assistant/generate-sequence.server.ts'
import { getContact } from '#app/models/contact/contact.server.ts'
import { listUsableMailboxes } from '#app/models/mailbox/mailbox.server.ts'
import { mailboxOwner, requireActor } from '#app/models/session/auth.server.ts'
import { hasFeatureFlag } from '#app/models/user/feature-flags.server.ts'
import { ASSISTANT_MESSAGES } from '#app/schemas/assistant.ts'
import { GenerateSequenceFormSchema } from '#app/schemas/generate-sequence-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// The Generate Sequence panel as a page that works without JavaScript: the same fields, posted as a
// plain form; the sequence is created in CREATING and a worker writes it.

async function loadPage(request: Request, contactId: string) {
	const actor = await requireActor(request)
	const contact = await getContact(actor.organizationId, contactId)
	if (!contact) throw new Response(ASSISTANT_MESSAGES.contactNotFound, { status: 404 })
	return { actor, contact }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { actor, contact } = await loadPage(request, params.contactId ?? '')
	const [mailboxes, phoneEnabled] = await Promise.all([
		listUsableMailboxes(mailboxOwner(actor)),
		hasFeatureFlag(actor.userId, SEQUENCE_PHONE_FLAG),
	])
	return {
		contact: {
			id: contact.id,
			firstName: contact.firstName,
			lastName: contact.lastName,
			email: contact.email,
			role: contact.role,
			hasLinkedin: Boolean(contact.linkedin),
		},
		mailboxes,
		phoneEnabled,
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { actor, contact } = await loadPage(request, params.contactId ?? '')
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: GenerateSequenceFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const { emailAddressId, prompt, orgPrompt, linkedin, phoneCall } = submission.value
	try {
		const sequence = await startSequenceGeneration({
			actor,
			contactId: contact.id,
			emailAddressId,
			options: {
				prompt,
				orgPrompt,
				// A toggle the page does not offer is off, whatever was posted.
				linkedin: linkedin && Boolean(contact.linkedin),
				// startSequenceGeneration keeps phone-call steps behind the flag.
				phoneCall,
			},
		})
		return redirectWithToast(`/sequences/${sequence.id}`, {
			type: 'success',
			title: 'Your sequence is being generated. Give it a moment.',
		})
	} catch (error) {
		if (!(error instanceof GenerationRequestError)) throw error
		if (error.status === 404) throw new Response(error.message, { status: 404 })
		return data(
			{ result: submission.reply({ fieldErrors: { emailAddressId: [error.message] } }) },
			{ status: 400 },
		)
	}
}

export default function GenerateSequenceRoute() {
	const { contact, mailboxes, phoneEnabled } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'generate-sequence-page',
		lastResult: actionData?.result,
		constraint: getZodConstraint(GenerateSequenceFormSchema),
		defaultValue: {
			emailAddressId: mailboxes[0]?.id ?? '',
			orgPrompt: 'on',
			linkedin: contact.hasLinkedin ? 'on' : undefined,
		},
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GenerateSequenceFormSchema }),
	})
	const name = `${contact.firstName} ${contact.lastName}`.trim()
	const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	return (
		<div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
			<ContactBackLink contact={contact} />
			<PageHeader
				className="mb-0"
				title="Generate Sequence"
				description="The assistant writes a sequence for this contact; it appears as a draft when ready."
			/>
			<Card>
				<CardContent className="p-6">
					<Form method="post" className="grid gap-5" {...getFormProps(form)}>
						<div className="rounded-md border p-3 text-sm">
							<p className="font-medium">{name}</p>
							<p className="text-muted-foreground">{contact.email ?? 'No email'}</p>
							{contact.role ? <p className="text-muted-foreground">{contact.role}</p> : null}
						</div>
						<div className="grid gap-2">
							<Label htmlFor={fields.emailAddressId.id}>Sender email</Label>
							<Select {...getSelectProps(fields.emailAddressId)}>
								<SenderOptions mailboxes={mailboxes} />
							</Select>
							<ErrorList id={fields.emailAddressId.errorId} errors={fields.emailAddressId.errors} />
						</div>
						<CheckboxField label="Organization Prompt" field={fields.orgPrompt} />
						{contact.hasLinkedin ? <CheckboxField label="LinkedIn Request" field={fields.linkedin} /> : null}
						{phoneEnabled ? <CheckboxField label="Phone Call Request" field={fields.phoneCall} /> : null}
						<div className="grid gap-2">
							<Label htmlFor={fields.prompt.id}>Additional information</Label>
							<Textarea
								{...getTextareaProps(fields.prompt)}
								rows={4}
								placeholder="Anything the assistant should know or mention"
							/>
							<ErrorList id={fields.prompt.errorId} errors={fields.prompt.errors} />
						</div>
						<ErrorList id={form.errorId} errors={form.errors} />
						<div className="flex flex-wrap justify-between gap-2">
							<Link
								to={`/contacts/${contact.id}/sequences/new`}
								className={buttonVariants({ variant: 'ghost' })}
							>
								Switch to Manual
							</Link>
							<div className="flex gap-2">
								<Link to={`/contacts/${contact.id}`} className={buttonVariants({ variant: 'outline' })}>
									Cancel
								</Link>
								<Button type="submit" disabled={pending}>
									<PendingIcon pending={pending} />
									Generate Sequence
								</Button>
							</div>
						</div>
					</Form>
				</CardContent>
			</Card>
		</div>
	)
}

function CheckboxField({ label, field }: { label: string; field: FieldMetadata<boolean> }) {
	const { key, ...props } = getInputProps(field, { type: 'checkbox' })
	return (
		<div className="flex items-center gap-3">
			<Checkbox key={key} {...props} />
			<Label htmlFor={field.id}>{label}</Label>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{
		title: data
			? `Generate a sequence for ${data.contact.firstName} ${data.contact.lastName} · Reachout`
			: 'Generate Sequence · Reachout',
	},
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

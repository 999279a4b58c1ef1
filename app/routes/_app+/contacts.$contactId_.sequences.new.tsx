import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { Sparkles } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	GooglePermissionsNotice,
	useGoogleScopeRetry,
} from '#app/components/mail/google-permissions-dialog.tsx'
import { useRateLimitInfo } from '#app/components/mail/rate-limit-info-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { ContactBackLink } from '#app/components/sequences/contact-back-link.tsx'
import {
	type CreateSequenceActionData,
	createSequenceAction,
	CreateSequenceForm,
} from '#app/components/sequences/create-sequence/create-sequence-form.tsx'
import {
	CreateSequenceFormSchema,
	toCreateSequenceInput,
} from '#app/components/sequences/create-sequence/form-schema.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { getContact } from '#app/models/contact/contact.server.ts'
import { listUsableMailboxes } from '#app/models/mailbox/mailbox.server.ts'
import { replyWatchForMailbox } from '#app/models/mailbox/reply-watch.server.ts'
import { PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { createSequence } from '#app/models/sequence/sequence.server.ts'
import { mailboxOwner, requireActor } from '#app/models/session/auth.server.ts'
import { CreateSequenceSchema, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

// The Create Email Sequence dialog's route: its loader gives the contact and the sender
// addresses (the dialog loads it with a fetcher), its action creates the sequence. The page is
// the same form without the dialog, and works without JavaScript (steps are Conform intents).

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const contact = await getContact(actor.organizationId, params.contactId ?? '')
	if (!contact) throw new Response(SEQUENCE_MESSAGES.contactNotFound, { status: 404 })
	const usable = await listUsableMailboxes(mailboxOwner(actor))
	// A mailbox nobody reads (SMTP without IMAP): the form says a reply will not stop the sequence.
	const mailboxes = await Promise.all(
		usable.map(async (mailbox) => ({
			...mailbox,
			repliesDetected: (await replyWatchForMailbox(mailbox.id)) !== 'none',
		})),
	)
	return {
		contact: {
			id: contact.id,
			firstName: contact.firstName,
			lastName: contact.lastName,
			email: contact.email,
		},
		mailboxes,
	}
}

// mode=dialog (the dialog's fetcher) answers with the sequence; the page is redirected to the
// contact (or redirectTo) with "Sequence created". GoogleScopeError answers 403 with
// googleScopeError, so the client asks for Gmail access and posts again.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	// The steps are a list (steps[0].subject …); a bare `steps` value, which no form sends, would
	// come back as the form's initial value and break its list when the page renders.
	formData.delete('steps')
	const submission = parseWithZod(formData, { schema: CreateSequenceFormSchema })
	if (submission.status !== 'success') {
		// No status: a step was added, removed or re-timed without JavaScript (a Conform intent).
		return data<CreateSequenceActionData>(
			{ result: submission.reply() },
			{ status: submission.status ? 400 : 200 },
		)
	}
	if (submission.value.contactId !== params.contactId) {
		return data<CreateSequenceActionData>(
			{ result: submission.reply({ formErrors: [SEQUENCE_MESSAGES.contactNotFound] }) },
			{ status: 400 },
		)
	}
	const input = CreateSequenceSchema.safeParse(toCreateSequenceInput(submission.value))
	if (!input.success) {
		const message = input.error.issues[0]?.message ?? 'Invalid sequence'
		return data<CreateSequenceActionData>(
			{ result: submission.reply({ formErrors: [message] }) },
			{ status: 400 },
		)
	}

	let sequence
	try {
		sequence = await createSequence(mailboxOwner(actor), input.data)
	} catch (error) {
		// Start immediately, and the pre-flight check found problems: the draft waits on its launch
		// page, which lists them with a fix for each and "Launch anyway" (decision 051).
		if (error instanceof PreflightProblemsError) {
			return redirectWithToast(`/sequences/${error.check.target.id}/launch`, {
				type: 'error',
				title: 'Saved as a draft: the pre-flight check found problems',
				description: error.message,
			})
		}
		if (error instanceof GoogleScopeError) {
			return data<CreateSequenceActionData>(
				{ result: submission.reply(), googleScopeError: true },
				{ status: 403 },
			)
		}
		if (error instanceof SequenceRuleError) {
			return dataWithToast<CreateSequenceActionData>(
				{ result: submission.reply({ formErrors: [error.message] }) },
				{ type: 'error', title: error.message },
				{ status: error.status },
			)
		}
		throw error
	}
	const toast = { type: 'success', title: 'Sequence created' } as const
	if (formData.get('mode') === 'dialog') {
		return dataWithToast<CreateSequenceActionData>(
			{
				result: submission.reply({ resetForm: true }),
				sequence: { id: sequence.id, status: sequence.status },
			},
			toast,
		)
	}
	return redirectWithToast(
		safeRedirectTo(formData.get('redirectTo'), `/contacts/${submission.value.contactId}`),
		toast,
	)
}

export default function NewSequenceRoute() {
	const { contact, mailboxes } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const location = useLocation()
	const hydrated = useHydrated()
	const submit = useSubmit()
	const rateLimits = useRateLimitInfo()
	const googleScope = useGoogleScopeRetry()
	const lastPosted = useRef<FormData | null>(null)
	const { showOnce } = rateLimits
	const { requestGrant } = googleScope

	useEffect(() => showOnce(), [showOnce])
	useEffect(() => {
		if (!actionData?.googleScopeError || !lastPosted.current) return
		const formData = lastPosted.current
		requestGrant(() => submit(formData, { method: 'post', action: createSequenceAction(contact.id) }))
	}, [actionData, requestGrant, submit, contact.id])

	const pending =
		navigation.state === 'submitting' && navigation.formAction === createSequenceAction(contact.id)
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<ContactBackLink contact={contact} />
			<PageHeader
				className="mb-0"
				title="Create Email Sequence"
				description="Write the emails yourself; the sequence is saved as a draft unless it starts immediately."
				actions={
					<Link
						to={`/contacts/${contact.id}/sequences/generate`}
						className={buttonVariants({ variant: 'outline' })}
					>
						<Sparkles aria-hidden="true" />
						Generate with the assistant
					</Link>
				}
			/>
			{actionData?.googleScopeError && !hydrated ? (
				<GooglePermissionsNotice redirectTo={`${location.pathname}${location.search}`} />
			) : null}
			<Card>
				<CardContent className="p-6">
					<CreateSequenceForm
						id="create-sequence-page"
						contact={contact}
						mailboxes={mailboxes}
						lastResult={actionData?.result}
						pending={pending}
						onShowRateLimits={rateLimits.show}
						onSubmitData={(formData) => {
							lastPosted.current = formData
						}}
						secondaryAction={
							<Link to={`/contacts/${contact.id}`} className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
						}
					/>
				</CardContent>
			</Card>
			{rateLimits.dialog}
			{googleScope.dialog}
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{
		title: data
			? `New sequence for ${data.contact.firstName} ${data.contact.lastName} · Reachout`
			: 'New sequence · Reachout',
	},
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

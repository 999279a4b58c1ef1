import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { BackLink } from '#app/components/back-link.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	GooglePermissionsNotice,
	useGoogleScopeRetry,
} from '#app/components/mail/google-permissions-dialog.tsx'
import {
	TEST_EMAIL_ACTION,
	type TestEmailActionData,
	TestEmailForm,
} from '#app/components/mail/test-email-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { sendTestEmail } from '#app/models/mailbox/mail-transport.server.ts'
import { findUsableMailbox, listUsableMailboxes } from '#app/models/mailbox/mailbox.server.ts'
import { pickRandomEmailSample } from '#app/models/sequence/random-email-sample.server.ts'
import { mailboxOwner, requireActor } from '#app/models/session/auth.server.ts'
import {
	invalidFieldTitle,
	TEST_EMAIL_MESSAGES,
	TestEmailSchema,
	testEmailContent,
	testEmailFailure,
} from '#app/schemas/test-email.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

// Send Test Email: the settings dialog posts here with a fetcher (mode=dialog); the page is the
// same form without the dialog, and works without JavaScript. POST /api/v1/emails is the JSON API.

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	// "Use a sample email" without JavaScript: the page starts from a random sample.
	const wantsSample = new URL(request.url).searchParams.get('sample') === '1'
	return {
		mailboxes: await listUsableMailboxes(mailboxOwner(actor)),
		defaultTo: actor.email,
		sample: wantsSample ? await pickRandomEmailSample(actor.organizationId) : null,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: TestEmailSchema })
	if (submission.status !== 'success') {
		const [field, messages] = Object.entries(submission.error ?? {}).find(([, list]) => list?.length) ?? []
		return dataWithToast<TestEmailActionData>(
			{ result: submission.reply() },
			{ type: 'error', title: invalidFieldTitle(field ?? 'email'), description: messages?.[0] ?? undefined },
			{ status: 400 },
		)
	}
	const value = submission.value
	const mailbox = await findUsableMailbox(mailboxOwner(actor), value.mailbox_id)
	if (!mailbox) {
		return dataWithToast<TestEmailActionData>(
			{ result: submission.reply({ fieldErrors: { mailbox_id: [TEST_EMAIL_MESSAGES.mailboxNotFound] } }) },
			{
				type: 'error',
				title: invalidFieldTitle('mailbox_id'),
				description: TEST_EMAIL_MESSAGES.mailboxNotFound,
			},
			{ status: 404 },
		)
	}
	try {
		await sendTestEmail({
			organizationId: actor.organizationId,
			userId: actor.userId,
			mailboxId: mailbox.id,
			to: value.to,
			subject: value.subject,
			...testEmailContent(value),
		})
	} catch (error) {
		const failure = testEmailFailure(error)
		if (failure.error === 'GoogleScopeError') {
			return data<TestEmailActionData>(
				{ result: submission.reply(), googleScopeError: true },
				{ status: 403 },
			)
		}
		if (failure.status === 502) console.error('Sending a test email failed', error)
		return dataWithToast<TestEmailActionData>(
			{ result: submission.reply() },
			{
				type: 'error',
				title: failure.name,
				description: failure.message || TEST_EMAIL_MESSAGES.errorDescription,
			},
			{ status: failure.status },
		)
	}
	const toast = { type: 'success', title: TEST_EMAIL_MESSAGES.success } as const
	if (formData.get('mode') === 'dialog') {
		return dataWithToast<TestEmailActionData>(
			{ result: submission.reply({ resetForm: true }), sent: true },
			toast,
		)
	}
	return redirectWithToast(safeRedirectTo(formData.get('redirectTo'), TEST_EMAIL_ACTION), toast)
}

export default function TestEmailRoute() {
	const { mailboxes, defaultTo, sample } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const location = useLocation()
	const hydrated = useHydrated()
	const submit = useSubmit()
	const googleScope = useGoogleScopeRetry()
	const lastPosted = useRef<FormData | null>(null)
	const { requestGrant } = googleScope

	useEffect(() => {
		if (!actionData?.googleScopeError || !lastPosted.current) return
		const formData = lastPosted.current
		requestGrant(() => submit(formData, { method: 'post', action: TEST_EMAIL_ACTION }))
	}, [actionData, requestGrant, submit])

	return (
		<div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
			<BackLink to="/settings">Settings</BackLink>
			<PageHeader
				className="mb-0"
				title="Send Test Email"
				description="Check how your emails look before a sequence sends them."
			/>
			{actionData?.googleScopeError && !hydrated ? (
				<GooglePermissionsNotice redirectTo={`${location.pathname}${location.search}`} />
			) : null}
			<Card>
				<CardContent className="p-6">
					<TestEmailForm
						id="send-test-email-page"
						mailboxes={mailboxes}
						defaultTo={defaultTo}
						sample={sample}
						lastResult={actionData?.result}
						pending={navigation.state === 'submitting' && navigation.formAction === TEST_EMAIL_ACTION}
						onSubmitData={(formData) => {
							lastPosted.current = formData
						}}
						secondaryAction={
							<Link to="/settings" className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
						}
					/>
				</CardContent>
			</Card>
			{googleScope.dialog}
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Send Test Email · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

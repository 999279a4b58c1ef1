import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx'
import {
	confirmSenderVerification,
	findSenderVerification,
} from '#app/models/mailbox/sender-verification.server.ts'
import { resendVerificationByToken } from '#app/models/mailbox/smtp-senders.server.ts'
import { runIntent, type IntentHandlers } from '#app/utils/intent-action.server.ts'

// The link of a sender address's verification email (decision 015). Public: whoever can click
// Confirm reads that inbox, which is what verification proves. GET only shows the page — mail
// scanners that open links verify nothing — and POST (the Confirm button) verifies. A link
// expires 24 hours after it was sent; its page offers a new one. Unknown or used: 404.

const INTENTS = { confirm: 'confirm', resend: 'resend' } as const
type VerifyIntent = { intent: (typeof INTENTS)[keyof typeof INTENTS] }

const NOT_VALID = 'This verification link is not valid or was already used.'

type PageState =
	| { state: 'valid' | 'expired' | 'verified'; address: string; organizationName: string }
	| { state: 'resent'; address: string; error: string | null }
	| { state: 'invalid' }

// Unknown or used links answer 404 with their page (not a thrown error): after a POST the same
// token is used up, and the page must still show what the POST did.
const invalid = () => data<PageState>({ state: 'invalid' }, { status: 404 })

export async function loader({ params }: LoaderFunctionArgs) {
	const found = await findSenderVerification(params.token ?? '')
	if (!found) return invalid()
	return data<PageState>({
		state: found.state,
		address: found.address,
		organizationName: found.organizationName,
	})
}

export async function action({ request, params }: ActionFunctionArgs) {
	const token = params.token ?? ''
	const value = (await request.formData()).get('intent')
	const intent = Object.values(INTENTS).find((name) => name === value)
	if (!intent) return invalid()
	return runIntent(handlers, { intent }, { token })
}

const handlers: IntentHandlers<VerifyIntent, { token: string }, ReturnType<typeof invalid>> = {
	async [INTENTS.confirm](_intent, { token }) {
		const result = await confirmSenderVerification(token)
		if (!result) return invalid()
		return data<PageState>({
			state: result.state,
			address: result.address,
			organizationName: result.organizationName,
		})
	},
	async [INTENTS.resend](_intent, { token }) {
		const result = await resendVerificationByToken(token)
		if (!result) return invalid()
		const error = result.sent.ok ? null : 'message' in result.sent ? result.sent.message : 'Not sent'
		return data<PageState>({ state: 'resent', address: result.address, error })
	},
}

export default function VerifySenderRoute() {
	const loaded = useLoaderData<typeof loader>() as PageState
	const outcome = useActionData<typeof action>() as PageState | undefined
	const busy = useNavigation().state !== 'idle'
	const page = outcome ?? loaded
	return (
		<main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
			<Card className="w-full max-w-md">
				{page.state === 'verified' ? (
					<Outcome title="Sender address verified">
						<p>
							{page.organizationName} can now send sequences from <strong>{page.address}</strong>.
						</p>
						<SettingsLink />
					</Outcome>
				) : page.state === 'resent' ? (
					<Outcome title={page.error ? 'The email could not be sent' : 'New link sent'}>
						{page.error ? (
							<p>{page.error}. Send a new link from the sending settings once the SMTP server works.</p>
						) : (
							<p>
								A new verification link is on its way to <strong>{page.address}</strong>. It is valid for 24
								hours.
							</p>
						)}
						<SettingsLink />
					</Outcome>
				) : page.state === 'expired' ? (
					<Outcome title="Link expired">
						<p>
							This link to verify <strong>{page.address}</strong> is more than 24 hours old. Send a new one to
							the same address.
						</p>
						<Form method="post" className="flex justify-end">
							<input type="hidden" name="intent" value={INTENTS.resend} />
							<Button type="submit" disabled={busy}>
								{busy ? 'Sending…' : 'Send a new link'}
							</Button>
						</Form>
					</Outcome>
				) : page.state === 'valid' ? (
					<Outcome title="Verify sender address">
						<p>
							{page.organizationName} wants to send sequences from <strong>{page.address}</strong> with
							Reachout. Confirm that this is your address.
						</p>
						<Form method="post" className="flex justify-end">
							<input type="hidden" name="intent" value={INTENTS.confirm} />
							<Button type="submit" disabled={busy}>
								{busy ? 'Confirming…' : 'Confirm'}
							</Button>
						</Form>
					</Outcome>
				) : (
					<Outcome title="Link not valid">
						<p className="text-muted-foreground">{NOT_VALID} Send a new one from the sending settings.</p>
						<SettingsLink />
					</Outcome>
				)}
			</Card>
		</main>
	)
}

function Outcome({ title, children }: { title: string; children: React.ReactNode }) {
	return (
		<>
			<CardHeader>
				<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
			</CardHeader>
			<CardContent className="flex flex-col gap-4 text-sm">{children}</CardContent>
		</>
	)
}

function SettingsLink() {
	return (
		<Link to="/settings/sending" className="text-primary underline-offset-4 hover:underline">
			Go to the sending settings
		</Link>
	)
}

export const meta: MetaFunction = () => [
	{ title: 'Verify sender address · Reachout' },
	// The link is a credential: keep it out of indexes and of other sites' Referer.
	{ name: 'robots', content: 'noindex' },
	{ name: 'referrer', content: 'no-referrer' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx'
import { verifySenderByToken } from '#app/models/mailbox/smtp-senders.server.ts'

// The link of a sender address's verification email. Public: whoever opens it reads that
// inbox, which is what verification proves. A used or unknown token is a 404.
export async function loader({ params }: LoaderFunctionArgs) {
	const verified = params.token ? await verifySenderByToken(params.token) : null
	if (!verified)
		throw new Response('This verification link is not valid or was already used.', { status: 404 })
	return { address: verified.address, organizationName: verified.organizationName }
}

export default function VerifySenderRoute() {
	const { address, organizationName } = useLoaderData<typeof loader>()
	return (
		<main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
			<Card className="w-full max-w-md">
				<CardHeader>
					<h1 className="text-2xl font-semibold tracking-tight">Sender address verified</h1>
				</CardHeader>
				<CardContent className="flex flex-col gap-4 text-sm">
					<p>
						{organizationName} can now send sequences from <strong>{address}</strong>.
					</p>
					<Link to="/settings/sending" className="text-primary underline-offset-4 hover:underline">
						Go to the sending settings
					</Link>
				</CardContent>
			</Card>
		</main>
	)
}

export const meta: MetaFunction = () => [{ title: 'Sender address verified · Reachout' }]

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => (
					<div className="flex flex-col gap-2">
						<h1 className="text-2xl font-semibold tracking-tight">Link not valid</h1>
						<p className="text-sm text-muted-foreground">
							This verification link is not valid or was already used. Send a new one from the sending
							settings.
						</p>
					</div>
				),
			}}
		/>
	)
}

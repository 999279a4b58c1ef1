import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { BackLink } from '#app/components/back-link.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import {
	type ContactSequencesData,
	ContactSequencesEmpty,
	ContactSequencesTable,
} from '#app/components/sequences/contact-sequences-table.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { getContact } from '#app/models/contact/contact.server.ts'
import { listContactSequences } from '#app/models/sequence/sequence.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'

// View Sequences: a contact's sequences. The contact dialog's View Sequences loads this with a
// fetcher; without JavaScript it is the page itself, whose rows link to the drawer's page.

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const contactId = params.contactId ?? ''
	const [contact, sequences] = await Promise.all([
		getContact(actor.organizationId, contactId),
		listContactSequences(actor.organizationId, contactId),
	])
	// 404 with data, not thrown: the dialog's fetcher shows it instead of the page behind it failing.
	if (!contact || !sequences) {
		return data({ contact: null, sequences: [] } satisfies ContactSequencesData, { status: 404 })
	}
	return {
		contact: { id: contact.id, name: [contact.firstName, contact.lastName].filter(Boolean).join(' ') },
		sequences: sequences.map((sequence) => ({
			id: sequence.id,
			subject: sequence.subject,
			status: sequence.status,
			progress: sequence.progress,
			failureReason: sequence.failureReason,
			stepCount: sequence.stepCount,
			replied: sequence.replied,
			sentStepCount: sequence.sentStepCount,
			sendProgress: sequence.sendProgress,
			createdAt: sequence.createdAt.toISOString(),
		})),
	} satisfies ContactSequencesData
}

export default function ContactSequencesRoute() {
	const { contact, sequences } = useLoaderData<typeof loader>()
	const revalidator = useRevalidator()
	if (!contact) {
		return (
			<div className="mx-auto grid w-full max-w-4xl gap-4">
				<PageHeader title="Contact not found" description="This contact does not exist or was deleted." />
				<Link
					to="/contacts"
					className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
				>
					Back to contacts
				</Link>
			</div>
		)
	}
	return (
		<div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
			<BackLink to={`/contacts/${contact.id}`}>{contact.name}</BackLink>
			<PageHeader
				className="mb-0"
				title="Sequences"
				description={`Sequences for ${contact.name}`}
				actions={
					<>
						<Link to={`/contacts/${contact.id}`} className={buttonVariants({ variant: 'outline' })}>
							Cancel
						</Link>
						<Link to={`/contacts/${contact.id}/sequences/generate`} className={buttonVariants()}>
							<Plus aria-hidden="true" />
							Generate New Sequence
						</Link>
					</>
				}
			/>
			<Card>
				<CardContent className="p-4">
					{sequences.length ? (
						<ContactSequencesTable sequences={sequences} onGenerated={() => revalidator.revalidate()} />
					) : (
						<ContactSequencesEmpty />
					)}
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data?.contact ? `Sequences of ${data.contact.name} · Reachout` : 'Sequences · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

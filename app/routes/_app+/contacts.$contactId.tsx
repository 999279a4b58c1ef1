import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Pencil, Trash2 } from 'lucide-react'
import { BackLink } from '#app/components/back-link.tsx'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import {
	ContactDetailView,
	fullName,
	toContactDetail,
} from '#app/components/contacts/contact-detail-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { deleteContact, getContact } from '#app/models/contact/contact.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { CONTACT_MESSAGES } from '#app/schemas/contact.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const contact = await getContact(actor.organizationId, params.contactId ?? '', { company: true })
	if (!contact) throw new Response(CONTACT_MESSAGES.contactNotFound, { status: 404 })
	return { contact: toContactDetail(contact) }
}

// intent=delete removes the contact. The detail dialog posts with a fetcher (mode=dialog) and
// gets { deleted }; the page's form (with or without JavaScript) is sent back to the contacts.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	if (formData.get('intent') !== 'delete') {
		return data({ deleted: false, message: 'Unknown action' }, { status: 400 })
	}
	const deleted = await deleteContact(actor.organizationId, params.contactId ?? '')
	if (!deleted) {
		return dataWithToast(
			{ deleted: false, message: CONTACT_MESSAGES.contactNotFound },
			{ type: 'error', title: 'An error occurred', description: CONTACT_MESSAGES.contactNotFound },
			{ status: 404 },
		)
	}
	const toast = { type: 'success', title: 'Contact deleted successfully' } as const
	if (formData.get('mode') === 'dialog') return dataWithToast({ deleted: true }, toast)
	return redirectWithToast(safeRedirectTo(formData.get('redirectTo'), '/contacts'), toast)
}

export default function ContactRoute() {
	const { contact } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
			<BackLink to="/contacts">Contacts</BackLink>
			<Card>
				<CardContent className="p-6">
					<ContactDetailView
						contact={contact}
						titleAs="h1"
						actions={
							<>
								<Link to={`/contacts/${contact.id}/edit`} className={buttonVariants({ variant: 'outline' })}>
									<Pencil aria-hidden="true" />
									Edit
								</Link>
								<ConfirmSubmitForm
									method="post"
									confirm={{
										title: 'Delete Contact',
										message: `Delete ${fullName(contact)}? This cannot be undone.`,
										confirmLabel: 'Delete',
									}}
								>
									<input type="hidden" name="redirectTo" value="/contacts" />
									<Button type="submit" name="intent" value="delete" variant="destructive">
										<Trash2 aria-hidden="true" />
										Delete Contact
									</Button>
								</ConfirmSubmitForm>
								{/* The assistant, as in the contact dialog; its page offers Switch to Manual (decision 045). */}
								<Button asChild variant="outline">
									<Link to={`/contacts/${contact.id}/sequences/generate`}>Generate Sequence</Link>
								</Button>
								<Button asChild variant="outline">
									<Link to={`/contacts/${contact.id}/sequences`}>View Sequences</Link>
								</Button>
							</>
						}
					/>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${fullName(data.contact)} · Reachout` : 'Contact · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

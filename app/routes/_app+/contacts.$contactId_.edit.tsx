import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ContactForm, editContactAction } from '#app/components/contacts/contact-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { listCompanyOptions } from '#app/models/company/company.server.ts'
import { getContact, updateContact } from '#app/models/contact/contact.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { listTagOptions } from '#app/models/tag/tag.server.ts'
import { CONTACT_MESSAGES, type ContactActionData, ContactEditSchema } from '#app/schemas/contact.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { contactFailureResponse } from './__contact-action.server.ts'

// The no-JavaScript pickers are native selects of the first options (the spec's edit fetch takes 1000).
const FALLBACK_COMPANIES = 1000
const FALLBACK_TAGS = 100

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const [contact, companyOptions, tagOptions] = await Promise.all([
		getContact(actor.organizationId, params.contactId ?? ''),
		listCompanyOptions(actor.organizationId, { take: FALLBACK_COMPANIES }),
		listTagOptions(actor.organizationId, { take: FALLBACK_TAGS }),
	])
	if (!contact) throw new Response(CONTACT_MESSAGES.contactNotFound, { status: 404 })
	const {
		id,
		firstName,
		middleName,
		lastName,
		email,
		phone,
		linkedin,
		role,
		roleDetails,
		summary,
		company,
		tags,
	} = contact
	return {
		contact: {
			id,
			firstName,
			middleName,
			lastName,
			email,
			phone,
			linkedin,
			role,
			roleDetails,
			summary,
			company,
			tags,
		},
		companyOptions,
		tagOptions,
	}
}

// Saves the Edit Contact form. The modal posts with a fetcher (mode=dialog) and gets the contact
// back; the page's form is redirected to the contact with the toast.
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const contactId = params.contactId ?? ''
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: ContactEditSchema })
	if (submission.status !== 'success') {
		return actionFailure<ContactActionData>({ result: submission.reply() }, 400)
	}
	const result = await updateContact(actor.organizationId, contactId, submission.value)
	if (!result.ok) return contactFailureResponse(submission, result.failure)
	const toast = { type: 'success', title: 'Contact updated successfully' } as const
	if (formData.get('mode') === 'dialog') {
		return dataWithToast<ContactActionData>({ result: submission.reply(), contact: result.contact }, toast)
	}
	return redirectWithToast(`/contacts/${contactId}`, toast)
}

export default function EditContactRoute() {
	const { contact, companyOptions, tagOptions } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto w-full max-w-2xl">
			<PageHeader title="Edit Contact" description="First name, last name, email and company are required." />
			<Card>
				<CardContent className="p-6">
					<ContactForm
						id="edit-contact-page"
						variant="edit"
						contact={contact}
						action={editContactAction(contact.id)}
						lastResult={actionData?.result}
						pending={navigation.state === 'submitting'}
						companyOptions={companyOptions}
						tagOptions={tagOptions}
						secondaryAction={
							<Link to={`/contacts/${contact.id}`} className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
						}
					/>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Edit Contact · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ContactForm, NEW_CONTACT_ACTION } from '#app/components/contacts/contact-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { findCompanyOption, listCompanyOptions } from '#app/models/company/company.server.ts'
import { createContact } from '#app/models/contact/contact.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { listTagOptions } from '#app/models/tag/tag.server.ts'
import { type ContactActionData, ContactCreateSchema } from '#app/schemas/contact.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { contactFailureResponse } from './__contact-action.server.ts'

// The no-JavaScript pickers are native selects of the first options (the spec's picker takes 1000).
const FALLBACK_COMPANIES = 1000
const FALLBACK_TAGS = 100

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const [companyOptions, tagOptions] = await Promise.all([
		listCompanyOptions(actor.organizationId, { take: FALLBACK_COMPANIES }),
		listTagOptions(actor.organizationId, { take: FALLBACK_TAGS }),
	])
	return { companyOptions, tagOptions, prefill: await prefillFrom(actor.organizationId, request) }
}

/** ?firstName=&lastName=&email=&companyId= fill the form in (a referral's person, from /tasks). */
async function prefillFrom(organizationId: string, request: Request) {
	const params = new URL(request.url).searchParams
	const text = (name: string) => params.get(name)?.trim().slice(0, 254) || undefined
	const companyId = params.get('companyId')
	const company = companyId ? await findCompanyOption(organizationId, companyId) : null
	const prefill = { firstName: text('firstName'), lastName: text('lastName'), email: text('email'), company }
	return Object.values(prefill).some(Boolean) ? prefill : undefined
}

// Creates a contact. The Add Contact dialog posts here with a fetcher (mode=dialog) and gets the
// contact back; the page's form is redirected to the new contact (or redirectTo) with the toast.
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: ContactCreateSchema })
	if (submission.status !== 'success') {
		return actionFailure<ContactActionData>({ result: submission.reply() }, 400)
	}
	const result = await createContact(actor.organizationId, actor.userId, submission.value)
	if (!result.ok) return contactFailureResponse(submission, result.failure)
	const toast = { type: 'success', title: 'Contact created successfully' } as const
	if (formData.get('mode') === 'dialog') {
		return dataWithToast<ContactActionData>(
			{ result: submission.reply({ resetForm: true }), contact: result.contact },
			toast,
		)
	}
	return redirectWithToast(
		safeRedirectTo(formData.get('redirectTo'), `/contacts/${result.contact.id}`),
		toast,
	)
}

export default function NewContactRoute() {
	const { companyOptions, tagOptions, prefill } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	return (
		<div className="mx-auto w-full max-w-2xl">
			<PageHeader title="Add Contact" description="Fields marked * are required." />
			<Card>
				<CardContent className="p-6">
					<ContactForm
						id="new-contact-page"
						variant="add"
						action={NEW_CONTACT_ACTION}
						lastResult={actionData?.result}
						pending={navigation.state === 'submitting'}
						companyOptions={companyOptions}
						tagOptions={tagOptions}
						prefill={prefill}
						secondaryAction={
							<Link to="/contacts" className={buttonVariants({ variant: 'outline' })}>
								Cancel
							</Link>
						}
					/>
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Add Contact · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { BackLink } from '#app/components/back-link.tsx'

/** Back to the contact, above a page about one contact's sequence (Create, Generate). */
export function ContactBackLink({
	contact,
}: {
	contact: { id: string; firstName: string; lastName: string }
}) {
	return (
		<BackLink to={`/contacts/${contact.id}`}>{`${contact.firstName} ${contact.lastName}`.trim()}</BackLink>
	)
}

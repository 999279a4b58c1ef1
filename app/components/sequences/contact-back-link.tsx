import { Link } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'

/** Back to the contact, above a page about one contact's sequence (Create, Generate). */
export function ContactBackLink({
	contact,
}: {
	contact: { id: string; firstName: string; lastName: string }
}) {
	return (
		<Link
			to={`/contacts/${contact.id}`}
			className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'self-start' })}
		>
			<ArrowLeft aria-hidden="true" />
			{`${contact.firstName} ${contact.lastName}`.trim()}
		</Link>
	)
}

import { Loader2, type LucideIcon } from 'lucide-react'

/** A button's icon: a spinner while its action is on its way, else its own icon (or none). */
export function PendingIcon({ pending, icon: Icon }: { pending: boolean; icon?: LucideIcon }) {
	if (pending) return <Loader2 className="animate-spin" aria-hidden="true" />
	return Icon ? <Icon aria-hidden="true" /> : null
}

import { useEffect, useRef } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { useOptionalActor } from '#app/utils/actor.ts'

/**
 * The lists' dialogs are for administrators: anyone else who opens one gets `refusal` as an error
 * toast and the dialog closes at once (the server holds the same rule). Returns whether the
 * dialog may show.
 */
export function useAdminOnlyDialog(open: boolean, onOpenChange: (open: boolean) => void, refusal: string) {
	const actor = useOptionalActor()
	const isAdmin = Boolean(actor?.isPlatformAdmin)
	// Once per opening, however often the caller re-renders before closing it.
	const refused = useRef(false)
	useEffect(() => {
		if (!open) refused.current = false
		else if (!isAdmin && !refused.current) {
			refused.current = true
			notify({ type: 'error', title: refusal })
			onOpenChange(false)
		}
	}, [open, isAdmin, onOpenChange, refusal])
	return open && isAdmin
}

import { useEffect } from 'react'
import { Toaster as SonnerToaster, toast as showToast } from 'sonner'
import { type Toast } from '#app/utils/toast.ts'

export function Toaster() {
	return (
		<SonnerToaster
			position="top-center"
			richColors
			closeButton
			toastOptions={{ classNames: { toast: 'font-sans' } }}
		/>
	)
}

/** Shows a toast that came from the server (flash cookie) once it reaches the client. */
export function useToast(toast?: Toast | null) {
	useEffect(() => {
		if (!toast) return
		// setTimeout so the Toaster has mounted before the first toast is queued
		const timeout = setTimeout(() => {
			showToast[toast.type](toast.title, {
				id: toast.id,
				description: toast.description,
			})
		}, 0)
		return () => clearTimeout(timeout)
	}, [toast])
}

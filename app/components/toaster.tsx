import { useEffect } from 'react'
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner'
import { type Toast, type ToastInput } from '#app/utils/toast.ts'

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
			notify(toast)
		}, 0)
		return () => clearTimeout(timeout)
	}, [toast])
}

/**
 * The one way the browser shows a toast: the server's flash toasts and every component's own
 * (a fetcher's result, an API call's failure) go through here, with the spec's texts.
 */
export function notify({ type = 'message', title, description, id }: ToastInput) {
	return sonnerToast[type](title, { id, description })
}

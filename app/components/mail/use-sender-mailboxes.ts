import { useEffect, useState } from 'react'
import { apiRequest, isAbortError } from '#app/utils/api-client.ts'

const LOAD_FAILED_MESSAGE = 'Could not load your sender addresses'

export type SenderMailbox = {
	id: string
	address: string
	/** False for an SMTP mailbox without IMAP: a reply will not stop its sequences. */
	repliesDetected?: boolean
}

type MailboxesState =
	| { status: 'loading'; mailboxes: SenderMailbox[] }
	| { status: 'loaded'; mailboxes: SenderMailbox[] }
	| { status: 'error'; mailboxes: SenderMailbox[]; message: string }

/** GET /api/v1/ses/email: the addresses the signed-in user may send from, their own first. */
export function useSenderMailboxes() {
	const [state, setState] = useState<MailboxesState>({ status: 'loading', mailboxes: [] })
	useEffect(() => {
		const controller = new AbortController()
		apiRequest<unknown>('/api/v1/ses/email', {
			signal: controller.signal,
			fallbackMessage: LOAD_FAILED_MESSAGE,
		})
			.then((body) => {
				if (!Array.isArray(body)) {
					return setState({ status: 'error', mailboxes: [], message: LOAD_FAILED_MESSAGE })
				}
				setState({
					status: 'loaded',
					mailboxes: body.map((mailbox: SenderMailbox) => ({ id: mailbox.id, address: mailbox.address })),
				})
			})
			.catch((error: unknown) => {
				if (controller.signal.aborted || isAbortError(error)) return
				const message = error instanceof Error ? error.message : LOAD_FAILED_MESSAGE
				setState({ status: 'error', mailboxes: [], message })
			})
		return () => controller.abort()
	}, [])
	return state
}

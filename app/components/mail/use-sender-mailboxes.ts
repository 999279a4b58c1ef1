import { useEffect, useState } from 'react'

export type SenderMailbox = { id: string; address: string }

type MailboxesState =
	| { status: 'loading'; mailboxes: SenderMailbox[] }
	| { status: 'loaded'; mailboxes: SenderMailbox[] }
	| { status: 'error'; mailboxes: SenderMailbox[]; message: string }

/** GET /api/v1/ses/email: the addresses the signed-in user may send from, their own first. */
export function useSenderMailboxes() {
	const [state, setState] = useState<MailboxesState>({ status: 'loading', mailboxes: [] })
	useEffect(() => {
		const controller = new AbortController()
		fetch('/api/v1/ses/email', { signal: controller.signal, headers: { Accept: 'application/json' } })
			.then(async (response) => {
				const body: unknown = await response.json().catch(() => null)
				if (!response.ok || !Array.isArray(body)) {
					const message =
						(body as { message?: string } | null)?.message ?? 'Could not load your sender addresses'
					return setState({ status: 'error', mailboxes: [], message })
				}
				setState({
					status: 'loaded',
					mailboxes: body.map((mailbox: SenderMailbox) => ({ id: mailbox.id, address: mailbox.address })),
				})
			})
			.catch((error: unknown) => {
				if (controller.signal.aborted) return
				const message = error instanceof Error ? error.message : 'Could not load your sender addresses'
				setState({ status: 'error', mailboxes: [], message })
			})
		return () => controller.abort()
	}, [])
	return state
}

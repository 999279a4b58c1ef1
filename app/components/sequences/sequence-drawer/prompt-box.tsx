import { Loader2, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { modifySequence } from '#app/components/sequences/create-sequence/modify-sequence.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { type DrawerSequence } from '#app/schemas/sequence-drawer.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useDrawerFetcher, useDrawerSubmit } from './drawer-context.tsx'

/**
 * The assistant's prompt box at the bottom of the drawer: an instruction goes to
 * POST /api/sequences/modify with the current steps (the Create dialog's modifySequence, which
 * shows its errors); the steps it answers with are applied to the email steps by position
 * (the subject to the first only). Empty instructions do nothing. It needs JavaScript.
 */
export function PromptBox({ sequence }: { sequence: DrawerSequence }) {
	const id = useId()
	const hydrated = useHydrated()
	const [prompt, setPrompt] = useState('')
	const [sending, setSending] = useState(false)
	const applier = useDrawerFetcher()
	const submit = useDrawerSubmit(applier)
	const busy = sending || applier.state !== 'idle'

	async function send() {
		const instruction = prompt.trim()
		if (!instruction || busy) return
		setSending(true)
		try {
			const steps = await modifySequence({
				prompt: instruction,
				contact: sequence.contact,
				existingSequence: sequence.emailSteps.map((step) => ({
					id: step.id,
					body: step.body,
					daysAfter: step.daysAfter,
					subject: step.subject,
				})),
			})
			if (!steps) return
			submit('apply-modification', { steps: JSON.stringify(steps) })
			setPrompt('')
		} finally {
			setSending(false)
		}
	}

	return (
		<form
			className="flex items-center gap-2 rounded-lg border bg-muted/30 p-2"
			onSubmit={(event) => {
				event.preventDefault()
				void send()
			}}
		>
			<label htmlFor={`${id}-prompt`} className="sr-only">
				Ask the assistant to adjust the sequence
			</label>
			<Sparkles className="ml-1 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
			<Input
				id={`${id}-prompt`}
				name="prompt"
				value={prompt}
				placeholder="Ask the assistant to adjust the sequence…"
				className="border-0 bg-transparent shadow-none focus-visible:ring-0 focus-visible:ring-offset-0"
				disabled={!hydrated || busy}
				onChange={(event) => setPrompt(event.currentTarget.value)}
			/>
			<Button type="submit" size="sm" disabled={!hydrated || busy} aria-label="Send instruction">
				{busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : 'Send'}
			</Button>
		</form>
	)
}

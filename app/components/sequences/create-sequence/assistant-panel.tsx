import { Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { PendingIcon } from '#app/components/ui/pending-icon.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'

/** The spec's example instructions; a click puts one in the box. */
export const ASSISTANT_HINTS = [
	'Make it more casual',
	'Focus on scheduling a call',
	'Add more social proof',
	'Shorten the follow-ups',
] as const

/**
 * The left panel of the Create dialog: a free-text instruction for the assistant and Modify.
 * Modify needs a non-empty instruction; Enter (without Shift) sends it too.
 */
export function AssistantPanel({
	pending,
	disabled = false,
	onModify,
}: {
	pending: boolean
	disabled?: boolean
	onModify: (instruction: string) => Promise<boolean>
}) {
	const [instruction, setInstruction] = useState('')
	const inputId = useId()
	const canModify = instruction.trim().length > 0 && !pending && !disabled

	async function modify() {
		if (!canModify) return
		if (await onModify(instruction.trim())) setInstruction('')
	}

	return (
		<section
			aria-labelledby={`${inputId}-title`}
			className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4"
		>
			<h3 id={`${inputId}-title`} className="flex items-center gap-2 text-sm font-semibold">
				<Sparkles aria-hidden="true" className="h-4 w-4 text-primary" />
				Assistant
			</h3>
			<div className="grid gap-1.5">
				<Label htmlFor={inputId}>How should the sequence change?</Label>
				<Textarea
					id={inputId}
					value={instruction}
					onChange={(event) => setInstruction(event.target.value)}
					onKeyDown={(event) => {
						if (event.key === 'Enter' && !event.shiftKey) {
							event.preventDefault()
							void modify()
						}
					}}
					placeholder="Make the tone friendlier…"
					rows={4}
					disabled={pending || disabled}
				/>
			</div>
			<Button type="button" onClick={() => void modify()} disabled={!canModify}>
				<PendingIcon pending={pending} icon={Sparkles} />
				Modify
			</Button>
			<div className="grid gap-1.5">
				<p className="text-xs font-medium text-muted-foreground">Try:</p>
				<ul className="flex flex-wrap gap-1.5" aria-label="Example instructions">
					{ASSISTANT_HINTS.map((hint) => (
						<li key={hint}>
							<button
								type="button"
								className="rounded-full border bg-background px-2.5 py-1 text-xs hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
								onClick={() => setInstruction(hint)}
								disabled={pending || disabled}
							>
								{hint}
							</button>
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}

import { CircleHelp } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { InfoModal } from '#app/components/ui/info-modal.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** "How to use a token", in the Info modal (with JavaScript; the page says enough without it). */
export function ApiTokenHelpButton({ origin }: { origin: string }) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	if (!hydrated) return null
	return (
		<>
			<Button type="button" variant="outline" onClick={() => setOpen(true)}>
				<CircleHelp aria-hidden="true" />
				How to use a token
			</Button>
			<InfoModal open={open} onOpenChange={setOpen} title="Using an API token" className="max-w-lg">
				<p>Send the token in the Authorization header of each request to the API:</p>
				<pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
					{`curl -H "Authorization: Bearer ro_pat_…" \\\n  ${origin}/api/v1/contacts`}
				</pre>
				<p>
					A token acts as you, in this organization, with your role. A read token may only make GET
					requests; anything else gets 403. A revoked or unknown token gets 401.
				</p>
			</InfoModal>
		</>
	)
}

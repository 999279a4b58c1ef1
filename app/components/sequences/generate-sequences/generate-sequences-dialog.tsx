import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import {
	GENERATE_SEQUENCES_ACTION,
	type GenerateSequencesActionData,
	GenerateSequencesForm,
	type GenerateSequencesFormData,
} from './generate-sequences-form.tsx'

/**
 * The Generate Sequences dialog: wraps the generator for many contacts. `query` names them
 * (campaignId=…, or contactIds=… with the contacts filter); the form and its options load from
 * /sequences/generations/new, the page that is this dialog without JavaScript. A successful
 * run redirects to its progress view.
 */
export function GenerateSequencesDialog({
	query,
	open,
	onOpenChange,
}: {
	query: string
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const loader = useFetcher<GenerateSequencesFormData>()
	const submit = useFetcher<GenerateSequencesActionData>()
	const { load } = loader
	useEffect(() => {
		if (open) load(`${GENERATE_SEQUENCES_ACTION}?${query}`)
	}, [open, query, load])
	const loaded = loader.data && loader.data.query === query
	return (
		<DialogShell
			open={open}
			onOpenChange={(next) => (submit.state === 'idle' ? onOpenChange(next) : undefined)}
			title="Generate Sequences"
			description="The assistant writes a draft for each contact in the background; review them, then activate them together."
			className="max-w-lg"
		>
			{loaded ? (
				<GenerateSequencesForm data={loader.data!} fetcher={submit} onCancel={() => onOpenChange(false)} />
			) : (
				<p className="py-8 text-center text-sm text-muted-foreground" role="status">
					Loading…
				</p>
			)}
		</DialogShell>
	)
}

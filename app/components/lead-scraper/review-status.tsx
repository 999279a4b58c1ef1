import { Link } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useLiveImport } from '#app/components/company-import/use-live-import.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'

// The review page of an import that has no leads to show (yet): still parsing, or failed.

/**
 * The import is still parsing: a short note and the way to its progress. The page follows the
 * job (live, and re-read every 3 s) and shows the leads as soon as they are ready; without
 * JavaScript it reloads itself.
 */
export function ReviewStillImporting({ queueId, name }: { queueId: string; name: string }) {
	useLiveImport({ queueableId: queueId, running: true })
	return (
		<Card className="space-y-4 p-6" aria-live="polite">
			<noscript>
				<meta httpEquiv="refresh" content="3" />
			</noscript>
			<div className="flex items-center gap-3">
				<Loader2 className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
				<p className="font-medium">Still importing leads from {name}…</p>
			</div>
			<p className="text-sm text-muted-foreground">
				The leads show here for review as soon as the import is done.
			</p>
			<Button asChild variant="outline">
				<Link to={`/lead-scraper/progress?id=${encodeURIComponent(queueId)}`}>See the import’s progress</Link>
			</Button>
		</Card>
	)
}

/** The import failed: the reason, and the way back to start another. */
export function ReviewFailed({ reason }: { reason: string }) {
	return (
		<Card className="space-y-4 p-6">
			<p role="alert" className="text-destructive">
				{reason}
			</p>
			<Button asChild>
				<Link to="/imports">Start a new import</Link>
			</Button>
		</Card>
	)
}

import { Form, useNavigation } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { type CompanyImportState } from '#app/generated/prisma/enums.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { type ImportProgress as Figures } from './format-imported-company.ts'

const STATUS_TEXT: Partial<Record<CompanyImportState, string>> = {
	PARSING: 'Reading companies…',
	PROCESSING: 'Processing contents…',
	CANCELLING: 'Cancelling… the companies processed so far are kept for review.',
	SAVING: 'Saving companies…',
}

/** The progress view while the job works: percent, current item, processed / total, Cancel Import. */
export function ImportProgressView({ state, figures }: { state: CompanyImportState; figures: Figures }) {
	const navigation = useNavigation()
	const cancelling = state === 'CANCELLING' || navigation.formData?.get('intent') === 'cancel'
	return (
		<Card className="space-y-4 p-6" aria-live="polite">
			<div className="flex items-center gap-3">
				<Loader2 className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
				<p className="font-medium">{STATUS_TEXT[state] ?? 'Processing…'}</p>
				<span className="ml-auto text-2xl font-semibold tabular-nums">{figures.percent}%</span>
			</div>
			<Progress value={figures.percent} aria-label="Import progress" />
			<div className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
				<span>
					Processed: {figures.completed} / {figures.total}
				</span>
				{figures.currentItem && state !== 'PARSING' ? (
					<span className="truncate">Current: {figures.currentItem}</span>
				) : null}
			</div>
			{state !== 'SAVING' ? (
				<Form method="post">
					<Button type="submit" name="intent" value="cancel" variant="outline" disabled={cancelling}>
						{cancelling ? 'Cancelling…' : 'Cancel Import'}
					</Button>
				</Form>
			) : null}
		</Card>
	)
}

import { Sparkles } from 'lucide-react'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'

/** Placeholder for sections that ship in a later release; says so plainly. */
export function ComingSoon({ title, message }: { title: string; message: string }) {
	return (
		<div className="mx-auto max-w-5xl">
			<PageHeader title={title} />
			<Card>
				<CardContent className="flex items-start gap-4 p-6">
					<span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-secondary">
						<Sparkles className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
					</span>
					<div className="space-y-1">
						<p className="font-medium">Coming in a later release</p>
						<p className="text-sm text-muted-foreground">{message}</p>
					</div>
				</CardContent>
			</Card>
		</div>
	)
}

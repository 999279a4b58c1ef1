import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'

export type AssistantSettings = {
	/** The configured model's name, or null when the offline writer writes. */
	model: string | null
	usage: Array<{ model: string; requests: number; promptTokens: number; completionTokens: number }>
}

// A fixed locale: server and browser must render the same digits.
const count = new Intl.NumberFormat('en-US')

export function AssistantSection({ assistant }: { assistant: AssistantSettings }) {
	return (
		<SectionCard
			title="Assistant"
			description={
				assistant.model
					? `AI model: ${assistant.model}`
					: 'Offline writer: no AI model is configured (OPENAI_API_KEY)'
			}
		>
			{assistant.usage.length ? (
				<Table aria-label="Assistant usage this month">
					<TableHeader>
						<TableRow>
							<TableHead>Model</TableHead>
							<TableHead className="text-right">Requests</TableHead>
							<TableHead className="text-right">Prompt tokens</TableHead>
							<TableHead className="text-right">Completion tokens</TableHead>
						</TableRow>
					</TableHeader>
					<TableBody>
						{assistant.usage.map((row) => (
							<TableRow key={row.model}>
								<TableCell className="font-medium">{row.model}</TableCell>
								<TableCell className="text-right tabular-nums">{count.format(row.requests)}</TableCell>
								<TableCell className="text-right tabular-nums">{count.format(row.promptTokens)}</TableCell>
								<TableCell className="text-right tabular-nums">
									{count.format(row.completionTokens)}
								</TableCell>
							</TableRow>
						))}
					</TableBody>
				</Table>
			) : (
				<p className="text-sm text-muted-foreground">No assistant usage this month.</p>
			)}
		</SectionCard>
	)
}

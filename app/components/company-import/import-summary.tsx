import { Link } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'

/** COMPLETED: the result summary, the saved companies, and Done. */
export function ImportSummary({
	successCount,
	errorCount,
	duplicateCount,
	saved,
}: {
	successCount: number
	errorCount: number
	duplicateCount: number
	saved: Array<{ id: string; name: string }>
}) {
	const stats = [
		{ label: 'Total Companies', value: successCount + errorCount + duplicateCount },
		{ label: 'Successfully Imported', value: successCount, className: 'text-emerald-700' },
		{
			label: 'Failed to Import',
			value: errorCount,
			className: errorCount > 0 ? 'text-destructive' : undefined,
		},
		{
			label: 'Duplicates Found',
			value: duplicateCount,
			className: duplicateCount > 0 ? 'text-amber-700' : undefined,
		},
	]
	return (
		<div className="space-y-4">
			<dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
				{stats.map((stat) => (
					<Card key={stat.label} className="p-4">
						<dt className="text-sm text-muted-foreground">{stat.label}</dt>
						<dd className={`text-3xl font-semibold tabular-nums ${stat.className ?? ''}`}>
							{stat.value.toLocaleString('en-US')}
						</dd>
					</Card>
				))}
			</dl>
			<Card>
				<h2 className="border-b px-4 py-3 font-semibold">Saved companies</h2>
				{saved.length === 0 ? (
					<p className="p-6 text-sm text-muted-foreground">
						No company was saved: each one was a duplicate or missed a name or description.
					</p>
				) : (
					<div className="max-h-[400px] overflow-auto">
						<Table aria-label="Saved companies">
							<TableHeader>
								<TableRow>
									<TableHead className="w-16">#</TableHead>
									<TableHead>Name</TableHead>
								</TableRow>
							</TableHeader>
							<TableBody>
								{saved.map((company, index) => (
									<TableRow key={company.id}>
										<TableCell className="tabular-nums text-muted-foreground">{index + 1}</TableCell>
										<TableCell>
											<Link to={`/companies/${company.id}`} className="font-medium hover:underline">
												{company.name}
											</Link>
										</TableCell>
									</TableRow>
								))}
							</TableBody>
						</Table>
					</div>
				)}
			</Card>
			<div className="flex justify-end">
				<Button asChild>
					<Link to="/imports">Done</Link>
				</Button>
			</div>
		</div>
	)
}

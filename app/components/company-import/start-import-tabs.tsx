import { Link } from '@remix-run/react'
import { useState } from 'react'
import { Card } from '#app/components/ui/card.tsx'
import { cn } from '#app/utils/misc.ts'
import { CsvUploadForm } from './csv-upload-form.tsx'
import { TextExtractionForm, type TextFormValues } from './text-extraction-form.tsx'

export type StartTab = 'csv' | 'text'

const TABS: ReadonlyArray<{ tab: StartTab; label: string }> = [
	{ tab: 'csv', label: 'CSV Upload' },
	{ tab: 'text', label: 'Text Upload' },
]

/**
 * Start a company import: CSV Upload and Text Upload. The tabs are links (?tab=…), so they work
 * without JavaScript; with it they switch here and only rewrite the address.
 */
export function StartImportTabs({
	initialTab,
	csv,
	text,
}: {
	initialTab: StartTab
	csv: { error: string | null; defaults?: { skipEnrichment?: boolean; manualMapping?: boolean } }
	text: { error: string | null; notice: string | null; defaults: TextFormValues }
}) {
	const [tab, setTab] = useState(initialTab)
	return (
		<Card className="p-6">
			<h2 className="mb-4 text-lg font-semibold">Import companies</h2>
			<div
				role="tablist"
				aria-label="Import source"
				className="mb-4 inline-flex h-10 items-center rounded-md bg-muted p-1"
			>
				{TABS.map((item) => (
					<Link
						key={item.tab}
						to={`?tab=${item.tab}`}
						role="tab"
						id={`import-tab-${item.tab}`}
						aria-selected={tab === item.tab}
						aria-controls={`import-panel-${item.tab}`}
						preventScrollReset
						replace
						onClick={(event) => {
							event.preventDefault()
							setTab(item.tab)
							window.history.replaceState(window.history.state, '', `?tab=${item.tab}`)
						}}
						className={cn(
							'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-all',
							tab === item.tab && 'bg-background text-foreground shadow-sm',
						)}
					>
						{item.label}
					</Link>
				))}
			</div>
			<div role="tabpanel" id={`import-panel-${tab}`} aria-labelledby={`import-tab-${tab}`}>
				{tab === 'csv' ? (
					<CsvUploadForm error={csv.error} defaults={csv.defaults} />
				) : (
					<TextExtractionForm error={text.error} notice={text.notice} defaults={text.defaults} />
				)}
			</div>
		</Card>
	)
}

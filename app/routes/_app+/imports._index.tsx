import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ActiveImports } from '#app/components/company-import/active-imports.tsx'
import { ImportHistory } from '#app/components/company-import/import-history.tsx'
import { StartImportTabs } from '#app/components/company-import/start-import-tabs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { LeadImportsSection } from '#app/components/lead-scraper/lead-imports-section.tsx'
import { ScrapeLeadsButton } from '#app/components/lead-scraper/lead-scraper-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import {
	listActiveCompanyImports,
	listPastCompanyImports,
	type CompanyImportView,
} from '#app/models/company-import/company-import.server.ts'
import {
	COMPANY_IMPORT_STATE_LABELS,
	isRunningImportState,
} from '#app/models/company-import/company-import-states.ts'
import { listLeadImports } from '#app/models/lead-import/lead-import.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { toLeadImportListItem } from './__lead-import-items.server.ts'
import { startImportAction, type StartImportActionData } from './__start-company-import.server.ts'

// The Imports page (issue 13): start a company import from a CSV file or text, follow the imports
// that run or wait for review, and the history of those that ended; the lead scraper's imports
// (issue 14) below them, its dialog from the header.

function listItem(item: CompanyImportView) {
	return {
		id: item.id,
		state: item.state,
		stateLabel: COMPANY_IMPORT_STATE_LABELS[item.state],
		running: isRunningImportState(item.state),
		source: item.source,
		fileName: item.fileName,
		totalRows: item.totalRows,
		rowCount: item.rowCount,
		failureReason: item.failureReason,
		successCount: item.successCount,
		errorCount: item.errorCount,
		duplicateCount: item.duplicateCount,
		createdAt: item.createdAt.toISOString(),
		queueable: item.queueable,
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const tab = new URL(request.url).searchParams.get('tab') === 'text' ? 'text' : 'csv'
	const [active, past, leadImports] = await Promise.all([
		listActiveCompanyImports(actor.organizationId),
		listPastCompanyImports(actor.organizationId),
		listLeadImports(actor.organizationId),
	])
	const leads = leadImports.map(toLeadImportListItem)
	return {
		tab: tab as 'csv' | 'text',
		active: active.map(listItem),
		past: past.map(listItem),
		// Running or waiting for review; then those saved or failed.
		leadsActive: leads.filter((item) => item.state === 'PARSING' || item.state === 'READY'),
		leadsPast: leads.filter((item) => item.state === 'SAVED' || item.state === 'FAILED'),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	return startImportAction(request, actor)
}

export default function ImportsRoute() {
	const { tab, active, past, leadsActive, leadsPast } = useLoaderData<typeof loader>()
	const actionData = useActionData<StartImportActionData>()
	const initialTab = actionData?.form ?? tab
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Imports"
				description="Bring in companies by the hundred from a CSV file or from text, and people from files, texts, web pages and LinkedIn posts; review them, then save them."
				actions={<ScrapeLeadsButton variant="default" />}
			/>
			<StartImportTabs
				// A refused form re-renders with its tab open and what was typed.
				key={
					actionData
						? `${actionData.form}-${actionData.text.length}-${actionData.error ?? actionData.notice}`
						: tab
				}
				initialTab={initialTab}
				csv={{
					error: actionData?.form === 'csv' ? actionData.error : null,
					defaults: actionData?.form === 'csv' ? actionData : undefined,
				}}
				text={{
					error: actionData?.form === 'text' ? actionData.error : null,
					notice: actionData?.form === 'text' ? actionData.notice : null,
					defaults:
						actionData?.form === 'text'
							? actionData
							: { text: '', url: '', instructions: '', skipEnrichment: false },
				}}
			/>
			<ActiveImports imports={active} />
			<ImportHistory imports={past} />
			<LeadImportsSection active={leadsActive} past={leadsPast} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Imports · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { BackLink } from '#app/components/back-link.tsx'
import { importProgress } from '#app/components/company-import/format-imported-company.ts'
import { ImportProgressView } from '#app/components/company-import/import-progress.tsx'
import { ImportStateBadge } from '#app/components/company-import/import-state-badge.tsx'
import { ImportSummary } from '#app/components/company-import/import-summary.tsx'
import { MappingForm } from '#app/components/company-import/mapping-form.tsx'
import { ReviewStep } from '#app/components/company-import/review-step.tsx'
import { useLiveImport } from '#app/components/company-import/use-live-import.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getCompanyImport } from '#app/models/company-import/company-import.server.ts'
import {
	COMPANY_IMPORT_STATE_LABELS,
	isRunningImportState,
} from '#app/models/company-import/company-import-states.ts'
import { listCompanyImportRows, type ReviewSort } from '#app/models/company-import/import-rows.server.ts'
import { listSavedCompanies } from '#app/models/company-import/save-imported-companies.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { companyImportAction, type CompanyImportActionData } from './__company-import-action.server.ts'

// One company import (issue 13), drawn from the state the server holds, so a reload, a closed tab
// or a second device shows the same step: mapping, progress, review, summary, or how it ended.

const NOT_FOUND = 'Import not found'

function readSort(url: URL): ReviewSort {
	return url.searchParams.get('sort') === 'name' ? 'name' : 'requiredFieldsFirst'
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const record = await getCompanyImport(actor.organizationId, params.importId ?? '')
	if (!record) throw new Response(NOT_FOUND, { status: 404 })
	const url = new URL(request.url)
	const sort = readSort(url)
	const [rows, allRowCount, saved] = await Promise.all([
		record.state === 'PREVIEWING' ? listCompanyImportRows(actor.organizationId, record.id, { sort }) : [],
		record.state === 'PREVIEWING' ? Promise.resolve(record.rowCount) : Promise.resolve(0),
		record.state === 'COMPLETED' ? listSavedCompanies(actor.organizationId, record.id) : [],
	])
	return {
		companyImport: {
			id: record.id,
			state: record.state,
			source: record.source,
			fileName: record.fileName,
			headers: record.headers,
			sampleRows: record.sampleRows,
			columnMapping: record.columnMapping,
			warnings: record.warnings,
			totalRows: record.totalRows,
			failureReason: record.failureReason,
			filterInstructions: record.filterInstructions,
			successCount: record.successCount ?? 0,
			errorCount: record.errorCount ?? 0,
			duplicateCount: record.duplicateCount ?? 0,
			createdAt: record.createdAt.toISOString(),
			queueable: record.queueable,
		},
		sort,
		editRowId: url.searchParams.get('edit'),
		rows: rows.map(
			({ id, position, data, errors, ready, duplicateOfPosition, duplicateOfCompanyId, warnings }) => ({
				id,
				position,
				data,
				errors,
				ready,
				duplicateOfPosition,
				duplicateOfCompanyId,
				warnings,
			}),
		),
		allRowCount,
		saved,
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const importId = params.importId ?? ''
	const url = new URL(request.url)
	const sort = readSort(url)
	const back = `/imports/companies/${encodeURIComponent(importId)}${sort === 'name' ? '?sort=name' : ''}`
	return companyImportAction(actor, importId, await request.formData(), back)
}

export default function CompanyImportRoute() {
	const { companyImport, sort, editRowId, rows, allRowCount, saved } = useLoaderData<typeof loader>()
	const actionData = useActionData<CompanyImportActionData>()
	const running = isRunningImportState(companyImport.state)
	const live = useLiveImport({ queueableId: companyImport.queueable?.id, running })
	const figures = importProgress(live ?? companyImport.queueable, companyImport.totalRows)
	// The stream knows that parsing ended (a total appeared) a moment before the reloaded page does.
	const parsed = Number((live ?? companyImport.queueable)?.metadata.total) > 0
	const shownState = companyImport.state === 'PARSING' && parsed ? 'PROCESSING' : companyImport.state
	const title = companyImport.fileName ?? (companyImport.source === 'CSV' ? 'CSV import' : 'Text import')
	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
			{running ? (
				// Without JavaScript the page reloads itself while the job works (with it, the stream updates it).
				<noscript>
					<meta httpEquiv="refresh" content="3" />
				</noscript>
			) : null}
			<BackLink to="/imports">Imports</BackLink>
			<PageHeader
				className="mb-0"
				title={`Company import: ${title}`}
				description={<ImportStateBadge state={shownState} label={COMPANY_IMPORT_STATE_LABELS[shownState]} />}
			/>
			{companyImport.state === 'MAPPING' ? (
				<MappingForm
					headers={companyImport.headers}
					sampleRows={companyImport.sampleRows}
					mapping={companyImport.columnMapping}
					warnings={companyImport.warnings}
				/>
			) : null}
			{running ? <ImportProgressView state={shownState} figures={figures} /> : null}
			{companyImport.state === 'PREVIEWING' ? (
				<ReviewStep
					rows={rows}
					totalRows={allRowCount}
					sort={sort}
					filterInstructions={companyImport.filterInstructions}
					failureReason={companyImport.failureReason}
					warnings={companyImport.warnings}
					editRowId={actionData?.rowId ?? editRowId}
					editFailure={actionData ?? null}
				/>
			) : null}
			{companyImport.state === 'COMPLETED' ? (
				<ImportSummary
					successCount={companyImport.successCount}
					errorCount={companyImport.errorCount}
					duplicateCount={companyImport.duplicateCount}
					saved={saved}
				/>
			) : null}
			{companyImport.state === 'FAILED' ? (
				<EndedCard message={companyImport.failureReason ?? COMPANY_IMPORT_MESSAGES.importFailed} failed />
			) : null}
			{companyImport.state === 'REJECTED' ? (
				<EndedCard message="This import was rejected: nothing from it was saved." />
			) : null}
		</div>
	)
}

function EndedCard({ message, failed = false }: { message: string; failed?: boolean }) {
	return (
		<Card className="space-y-4 p-6">
			<p role={failed ? 'alert' : undefined} className={failed ? 'text-destructive' : undefined}>
				{message}
			</p>
			<Button asChild>
				<Link to="/imports">Start a new import</Link>
			</Button>
		</Card>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{
		title: data
			? `Company import: ${data.companyImport.fileName ?? 'import'} · Reachout`
			: 'Company import · Reachout',
	},
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

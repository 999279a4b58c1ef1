import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminFiltersPanel } from '#app/components/admin/admin-filters-panel.tsx'
import { AdminPagination } from '#app/components/admin/admin-pagination.tsx'
import { usePersistedFilters } from '#app/components/admin/use-persisted-filters.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { listAdminCampaigns } from '#app/models/admin/list-campaigns.server.ts'
import { requirePlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import {
	ADMIN_FILTER_STORAGE_KEYS,
	CAMPAIGNS_FILTER_KEYS,
	CampaignsFiltersSchema,
} from '#app/schemas/admin.ts'
import { formatChannels } from '#app/schemas/campaign.ts'
import { loadAdminTable } from './__admin-table.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePlatformAdmin(request)
	return loadAdminTable(request, CampaignsFiltersSchema, CAMPAIGNS_FILTER_KEYS, (filters) =>
		listAdminCampaigns(filters),
	)
}

export default function AdminCampaignsRoute() {
	const { table, values, errors, query, canonical } = useLoaderData<typeof loader>()
	usePersistedFilters({
		storageKey: ADMIN_FILTER_STORAGE_KEYS.campaigns,
		keys: CAMPAIGNS_FILTER_KEYS,
		canonical,
		valid: !errors,
	})
	return (
		<div className="flex flex-col gap-4">
			<AdminFiltersPanel
				kind="campaigns"
				action="/admin/campaigns"
				values={values}
				errors={errors}
				query={query}
			/>
			{table ? (
				<>
					<CampaignsTable rows={table.rows} />
					<AdminPagination
						page={table.page}
						pageCount={table.pageCount}
						total={table.total}
						query={query}
						noun="campaign"
					/>
				</>
			) : null}
		</div>
	)
}

type CampaignRow = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['table']>['rows'][number]

function CampaignsTable({ rows }: { rows: CampaignRow[] }) {
	if (!rows.length) {
		return (
			<p className="rounded-lg border border-dashed bg-background p-8 text-center text-sm text-muted-foreground">
				No campaigns match these filters.
			</p>
		)
	}
	return (
		<div className="rounded-lg border bg-background">
			<Table aria-label="Campaigns">
				<TableHeader>
					<TableRow>
						<TableHead>Organization</TableHead>
						<TableHead>Name</TableHead>
						<TableHead>Channels</TableHead>
						<TableHead className="text-right">Contacts</TableHead>
						<TableHead className="text-right">Sent</TableHead>
						<TableHead className="text-right">Replies</TableHead>
						<TableHead>Status</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{rows.map((row) => (
						<TableRow key={row.id}>
							<TableCell className="max-w-56 truncate" title={row.organizationName}>
								{row.organizationName}
							</TableCell>
							<TableCell className="max-w-64 truncate font-medium" title={row.name}>
								{row.name}
							</TableCell>
							<TableCell>{formatChannels(row.channels)}</TableCell>
							<TableCell className="text-right tabular-nums">{row.contacts}</TableCell>
							<TableCell className="text-right tabular-nums">{row.sent}</TableCell>
							<TableCell className="text-right tabular-nums">{row.replies}</TableCell>
							<TableCell>
								<CampaignStatusBadge status={row.status} />
							</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Admin · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { AdminFiltersPanel } from '#app/components/admin/admin-filters-panel.tsx'
import { AdminPagination } from '#app/components/admin/admin-pagination.tsx'
import { PlanStatusForm, SET_PLAN_STATUS_INTENT } from '#app/components/admin/plan-status-form.tsx'
import { usePersistedFilters } from '#app/components/admin/use-persisted-filters.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { recordAdminAction } from '#app/models/admin/audit-log.server.ts'
import { listAdminOrganizations } from '#app/models/admin/list-organizations.server.ts'
import {
	organizationActivityRefreshedAt,
	refreshOrganizationActivity,
} from '#app/models/admin/refresh-organization-activity.server.ts'
import { requirePlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import { setPlanStatus } from '#app/models/admin/set-plan-status.server.ts'
import {
	ADMIN_FILTER_STORAGE_KEYS,
	DASHBOARD_FILTER_KEYS,
	DashboardFiltersSchema,
	SetPlanStatusSchema,
} from '#app/schemas/admin.ts'
import { prisma } from '#app/utils/db.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { loadAdminTable } from './__admin-table.server.ts'

const REFRESH_FIGURES_INTENT = 'refresh-figures'

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePlatformAdmin(request)
	const [answer, refreshedAt] = await Promise.all([
		loadAdminTable(request, DashboardFiltersSchema, DASHBOARD_FILTER_KEYS, (filters) =>
			listAdminOrganizations(filters),
		),
		organizationActivityRefreshedAt(),
	])
	return data({ ...answer.data, refreshedAt: refreshedAt?.toISOString() ?? null }, answer.init ?? undefined)
}

// POST intent=set-plan-status (organizationId, planStatus) or refresh-figures: back to the same page.
export async function action({ request }: ActionFunctionArgs) {
	const actor = await requirePlatformAdmin(request)
	const form = await request.formData()
	const back = new URL(request.url)
	back.searchParams.delete('index')
	if (form.get('intent') === REFRESH_FIGURES_INTENT) {
		const organizations = await refreshOrganizationActivity()
		await recordAdminAction(prisma, actor, 'admin_figures.refresh', { details: { organizations } })
		return redirectWithToast(`${back.pathname}${back.search}`, {
			type: 'success',
			title: 'Figures refreshed',
		})
	}
	if (form.get('intent') !== SET_PLAN_STATUS_INTENT) return data({ error: 'Unknown action' }, { status: 400 })
	const parsed = SetPlanStatusSchema.safeParse({ planStatus: form.get('planStatus') })
	if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 })
	const organizationId = String(form.get('organizationId') ?? '')
	const updated = await setPlanStatus(actor, organizationId, parsed.data.planStatus)
	if (!updated) return data({ error: 'No such organization' }, { status: 404 })
	return redirectWithToast(`${back.pathname}${back.search}`, {
		type: 'success',
		title: 'Plan status updated',
		description: `${updated.name}: ${updated.planStatus}`,
	})
}

export default function AdminOrganizationsRoute() {
	const { table, values, errors, query, canonical, refreshedAt } = useLoaderData<typeof loader>()
	usePersistedFilters({
		storageKey: ADMIN_FILTER_STORAGE_KEYS.organizations,
		keys: DASHBOARD_FILTER_KEYS,
		canonical,
		valid: !errors,
	})
	return (
		<div className="flex flex-col gap-4">
			<AdminFiltersPanel kind="organizations" action="/admin" values={values} errors={errors} query={query} />
			<Form method="post" className="flex items-center justify-end gap-2 text-xs text-muted-foreground">
				<input type="hidden" name="intent" value={REFRESH_FIGURES_INTENT} />
				<span>
					{refreshedAt
						? `Contact figures as of ${new Date(refreshedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`
						: 'Contact figures not computed yet'}{' '}
					(recomputed every minute)
				</span>
				<Button type="submit" variant="ghost" size="sm">
					<RefreshCw aria-hidden="true" />
					Refresh figures
				</Button>
			</Form>
			{table ? (
				<>
					<OrganizationsTable rows={table.rows} />
					<AdminPagination
						page={table.page}
						pageCount={table.pageCount}
						total={table.total}
						query={query}
						noun="organization"
					/>
				</>
			) : null}
		</div>
	)
}

type OrganizationRow = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['table']>['rows'][number]

function OrganizationsTable({ rows }: { rows: OrganizationRow[] }) {
	if (!rows.length) {
		return (
			<p className="rounded-lg border border-dashed bg-background p-8 text-center text-sm text-muted-foreground">
				No organizations match these filters.
			</p>
		)
	}
	return (
		<div className="rounded-lg border bg-background">
			<Table aria-label="Organizations">
				<TableHeader>
					<TableRow>
						<TableHead>Name</TableHead>
						<TableHead className="text-right">Members</TableHead>
						<TableHead>Created</TableHead>
						<TableHead>Plan status</TableHead>
						<TableHead>Auto leads</TableHead>
						<TableHead className="text-right">Leads contacted</TableHead>
						<TableHead className="text-right">Contacts added</TableHead>
						<TableHead>Last contact</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{rows.map((row) => (
						<TableRow key={row.id}>
							<TableCell className="max-w-64 truncate font-medium" title={row.name}>
								{row.name}
							</TableCell>
							<TableCell className="text-right tabular-nums">{row.members}</TableCell>
							<TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
							<TableCell>
								<PlanStatusForm organizationId={row.id} name={row.name} planStatus={row.planStatus} />
							</TableCell>
							<TableCell>
								<Badge variant={row.autoLeads ? 'default' : 'secondary'}>
									{row.autoLeads ? 'Yes' : 'No'}
								</Badge>
							</TableCell>
							<TableCell className="text-right tabular-nums">{row.leadsContacted}</TableCell>
							<TableCell className="text-right tabular-nums">{row.contactsAdded}</TableCell>
							<TableCell className="whitespace-nowrap">
								{row.lastContactAt ? formatDate(row.lastContactAt) : 'Never'}
							</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Organizations · Admin · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

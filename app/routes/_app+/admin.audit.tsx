import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { listAdminActions } from '#app/models/admin/audit-log.server.ts'
import { requirePlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePlatformAdmin(request)
	return { entries: await listAdminActions() }
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export default function AdminAuditRoute() {
	const { entries } = useLoaderData<typeof loader>()
	if (!entries.length) {
		return <p className="text-sm text-muted-foreground">No administrator actions yet.</p>
	}
	return (
		<div className="rounded-lg border bg-background">
			<Table aria-label="Audit log">
				<TableHeader>
					<TableRow>
						<TableHead>When (UTC)</TableHead>
						<TableHead>Administrator</TableHead>
						<TableHead>Action</TableHead>
						<TableHead>Organization</TableHead>
						<TableHead>Details</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{entries.map((entry) => (
						<TableRow key={entry.id}>
							<TableCell className="whitespace-nowrap">{when.format(new Date(entry.createdAt))}</TableCell>
							<TableCell>{entry.actorEmail}</TableCell>
							<TableCell className="font-mono text-xs">{entry.action}</TableCell>
							<TableCell>{entry.organizationName ?? entry.targetOrganizationId ?? '—'}</TableCell>
							<TableCell className="font-mono text-xs">{describe(entry.details)}</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

function describe(details: unknown) {
	if (details && typeof details === 'object' && 'from' in details && 'to' in details) {
		return `${String(details.from)} → ${String(details.to)}`
	}
	return JSON.stringify(details)
}

export const meta: MetaFunction = () => [{ title: 'Audit log · Admin · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { DeleteRowForm } from '#app/components/settings/delete-row-form.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { SettingsTable } from '#app/components/settings/settings-table.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow } from '#app/components/ui/table.tsx'
import { API_TOKEN_INTENTS, API_TOKEN_SCOPE_LABELS, type ApiTokenScopeName } from '#app/schemas/api-token.ts'

export type ApiTokenRow = {
	id: string
	name: string
	scope: ApiTokenScopeName
	displayPrefix: string
	createdAt: string
	lastUsedAt: string | null
	revokedAt: string | null
}

/** The user's tokens: active ones first, each with Revoke; revoked ones stay for their history. */
export function ApiTokensTable({ tokens }: { tokens: ApiTokenRow[] }) {
	return (
		<SectionCard title="Your tokens" description="A revoked token stops working on its next request.">
			<SettingsTable
				label="API tokens"
				columns={['Name', 'Token', 'Scope', 'Created', 'Last used', 'Status']}
				rows={tokens}
				withActions
				empty="You have no API tokens yet."
				renderRow={(token) => (
					<TableRow key={token.id} className={token.revokedAt ? 'text-muted-foreground' : undefined}>
						<TableCell className="font-medium">{token.name}</TableCell>
						<TableCell className="font-mono text-xs">{token.displayPrefix}…</TableCell>
						<TableCell>{API_TOKEN_SCOPE_LABELS[token.scope]}</TableCell>
						<TableCell>{formatDate(token.createdAt)}</TableCell>
						<TableCell>{token.lastUsedAt ? formatDate(token.lastUsedAt) : 'Never'}</TableCell>
						<TableCell>
							{token.revokedAt ? (
								<Badge variant="secondary">Revoked {formatDate(token.revokedAt)}</Badge>
							) : (
								<Badge variant="success">Active</Badge>
							)}
						</TableCell>
						<TableCell>
							{token.revokedAt ? null : (
								<DeleteRowForm
									intent={API_TOKEN_INTENTS.revoke}
									target={{ name: 'tokenId', value: token.id }}
									label={`Revoke ${token.name}`}
									confirm={{
										title: 'Revoke this token?',
										message: `Scripts using “${token.name}” will get 401 from their next request. This cannot be undone.`,
										confirmLabel: 'Revoke',
									}}
								>
									Revoke
								</DeleteRowForm>
							)}
						</TableCell>
					</TableRow>
				)}
			/>
		</SectionCard>
	)
}

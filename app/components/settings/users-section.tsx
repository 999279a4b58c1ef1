import { Form, useSubmit } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow, TruncatedCell } from '#app/components/ui/table.tsx'
import { type Role } from '#app/generated/prisma/enums.ts'
import { DeleteRowForm } from './delete-row-form.tsx'
import { InviteForm, PendingInvites, type InviteRow } from './invites-section.tsx'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { SettingsTable } from './settings-table.tsx'

export type UserRow = { id: string; name: string; email: string; role: Role }
export type CurrentUser = { id: string; role: Role }

const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' }

export function UsersSection({
	users,
	invites,
	currentUser,
	canManage,
}: {
	users: UserRow[]
	invites: InviteRow[]
	currentUser: CurrentUser
	canManage: boolean
}) {
	return (
		<SectionCard
			title="Organization Users"
			description="People you invite join your organization when they sign in with the invited email address."
			contentClassName="flex flex-col gap-6"
		>
			{canManage ? <InviteForm /> : null}
			<PendingInvites invites={invites} canManage={canManage} />
			<section aria-labelledby="current-users-heading" className="flex flex-col gap-2">
				<h3 id="current-users-heading" className="text-sm font-medium">
					Current users
				</h3>
				<SettingsTable
					label="Current users"
					columns={['Name', 'Email', 'Role']}
					rows={users}
					withActions={canManage}
					renderRow={(user) => (
						<UserRowView key={user.id} user={user} currentUser={currentUser} canManage={canManage} />
					)}
				/>
			</section>
		</SectionCard>
	)
}

function UserRowView({
	user,
	currentUser,
	canManage,
}: {
	user: UserRow
	currentUser: CurrentUser
	canManage: boolean
}) {
	const isSelf = user.id === currentUser.id
	// Only an owner may touch an owner or hand out ownership (enforced again on the server).
	const mayEdit = canManage && !isSelf && (user.role !== 'OWNER' || currentUser.role === 'OWNER')
	return (
		<TableRow>
			<TruncatedCell text={user.name} className="min-w-[9rem] font-medium">
				{user.name}
				{isSelf ? <span className="ml-1 text-muted-foreground">(you)</span> : null}
			</TruncatedCell>
			<TruncatedCell text={user.email} className="min-w-[9rem] text-muted-foreground" />
			<TableCell>
				{mayEdit ? (
					<RoleForm user={user} allowOwner={currentUser.role === 'OWNER'} />
				) : (
					<Badge variant={user.role === 'MEMBER' ? 'secondary' : 'outline'}>{ROLE_LABELS[user.role]}</Badge>
				)}
			</TableCell>
			{canManage ? (
				<TableCell>
					{mayEdit ? (
						<DeleteRowForm
							intent={INTENTS.removeUser}
							target={{ name: 'userId', value: user.id }}
							label={`Remove ${user.name}`}
							confirm={{
								title: 'Remove user?',
								message: `${user.name} (${user.email}) will lose access to this organization.`,
								confirmLabel: 'Remove',
							}}
						>
							Remove
						</DeleteRowForm>
					) : null}
				</TableCell>
			) : null}
		</TableRow>
	)
}

function RoleForm({ user, allowOwner }: { user: UserRow; allowOwner: boolean }) {
	const submit = useSubmit()
	const roles: Role[] = allowOwner ? ['OWNER', 'ADMIN', 'MEMBER'] : ['ADMIN', 'MEMBER']
	return (
		<Form method="post" className="flex items-center gap-2">
			<input type="hidden" name="intent" value={INTENTS.changeRole} />
			<input type="hidden" name="userId" value={user.id} />
			<NativeSelect
				name="role"
				defaultValue={user.role}
				aria-label={`Role of ${user.name}`}
				className="h-9 w-32"
				// With JavaScript the choice applies at once; without it, the button below does.
				onChange={(event) => submit(event.currentTarget.form)}
			>
				{roles.map((role) => (
					<option key={role} value={role}>
						{ROLE_LABELS[role]}
					</option>
				))}
			</NativeSelect>
			<noscript>
				<Button type="submit" variant="outline" size="sm">
					Update
				</Button>
			</noscript>
		</Form>
	)
}

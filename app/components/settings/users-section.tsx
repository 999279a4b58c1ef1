import { Form, useSubmit } from '@remix-run/react'
import { ConfirmSubmitForm } from '#app/components/confirm-submit-form.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { type Role } from '#app/generated/prisma/enums.ts'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { InviteForm, PendingInvites, type InviteRow } from './invites-section.tsx'
import { useIsSubmitting } from './settings-form-hooks.ts'

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
		<Card>
			<CardHeader>
				<CardTitle>Organization Users</CardTitle>
				<CardDescription>
					People you invite join your organization when they sign in with the invited email address.
				</CardDescription>
			</CardHeader>
			<CardContent className="flex flex-col gap-6">
				{canManage ? <InviteForm /> : null}
				<PendingInvites invites={invites} canManage={canManage} />
				<section aria-labelledby="current-users-heading" className="flex flex-col gap-2">
					<h3 id="current-users-heading" className="text-sm font-medium">
						Current users
					</h3>
					<Table aria-label="Current users">
						<TableHeader>
							<TableRow>
								<TableHead>Name</TableHead>
								<TableHead>Email</TableHead>
								<TableHead>Role</TableHead>
								{canManage ? (
									<TableHead className="w-0">
										<span className="sr-only">Actions</span>
									</TableHead>
								) : null}
							</TableRow>
						</TableHeader>
						<TableBody>
							{users.map((user) => (
								<UserRowView key={user.id} user={user} currentUser={currentUser} canManage={canManage} />
							))}
						</TableBody>
					</Table>
				</section>
			</CardContent>
		</Card>
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
			<TableCell className="font-medium">
				{user.name}
				{isSelf ? <span className="ml-1 text-muted-foreground">(you)</span> : null}
			</TableCell>
			<TableCell className="text-muted-foreground">{user.email}</TableCell>
			<TableCell>
				{mayEdit ? (
					<RoleForm user={user} allowOwner={currentUser.role === 'OWNER'} />
				) : (
					<Badge variant={user.role === 'MEMBER' ? 'secondary' : 'outline'}>{ROLE_LABELS[user.role]}</Badge>
				)}
			</TableCell>
			{canManage ? <TableCell>{mayEdit ? <RemoveUserForm user={user} /> : null}</TableCell> : null}
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

function RemoveUserForm({ user }: { user: UserRow }) {
	const isRemoving = useIsSubmitting(INTENTS.removeUser, { name: 'userId', value: user.id })
	return (
		<ConfirmSubmitForm
			method="post"
			confirm={{
				title: 'Remove user?',
				message: `${user.name} (${user.email}) will lose access to this organization.`,
				cancelLabel: 'Cancel',
				confirmLabel: 'Remove',
			}}
		>
			<input type="hidden" name="intent" value={INTENTS.removeUser} />
			<input type="hidden" name="userId" value={user.id} />
			<Button
				type="submit"
				variant="ghost"
				size="sm"
				disabled={isRemoving}
				aria-label={`Remove ${user.name}`}
			>
				Remove
			</Button>
		</ConfirmSubmitForm>
	)
}

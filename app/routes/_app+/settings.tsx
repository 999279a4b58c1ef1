import {
	getFormProps,
	getInputProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { FileText, Plus, Trash2, UserPlus, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { AddDocumentDialog } from '#app/components/documents/add-document-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type Role } from '#app/generated/prisma/enums.ts'
import {
	addDocument,
	deleteDocument,
	listDocumentSummaries,
} from '#app/models/organization/documents.server.ts'
import { cancelInvite, createInvite, listPendingInvites } from '#app/models/organization/invites.server.ts'
import {
	changeMemberRole,
	listMembers,
	memberChangeMessage,
	removeMember,
	type MemberChangeFailure,
} from '#app/models/organization/members.server.ts'
import {
	getOrganizationSettings,
	updateOrganizationSettings,
} from '#app/models/organization/settings.server.ts'
import {
	AddDocumentSchema,
	CancelInviteSchema,
	ChangeMemberRoleSchema,
	DeleteDocumentSchema,
	InviteSchema,
	OrganizationSettingsSchema,
	RemoveMemberSchema,
} from '#app/schemas/organization.ts'
import { canManageOrganization, requireActor } from '#app/utils/auth.server.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

const INTENTS = {
	updateSettings: 'update-settings',
	addDocument: 'add-document',
	deleteDocument: 'delete-document',
	changeRole: 'change-role',
	removeUser: 'remove-user',
	invite: 'invite',
	cancelInvite: 'cancel-invite',
} as const

type Intent = (typeof INTENTS)[keyof typeof INTENTS]
type ActionData = { intent: Intent | null; result: SubmissionResult<string[]> | null }

const FORBIDDEN_MESSAGE = 'Only owners and admins can change organization settings'
const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' }
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const [organization, documents, users, invites] = await Promise.all([
		getOrganizationSettings(actor.organizationId),
		listDocumentSummaries(actor.organizationId),
		listMembers(actor.organizationId),
		listPendingInvites(actor.organizationId),
	])
	if (!organization) throw new Response('Organization not found', { status: 404 })
	return {
		organization: {
			name: organization.name,
			summary: organization.summary,
			description: organization.description,
		},
		documents: documents.map(({ id, name, preview, length, createdAt }) => ({
			id,
			name,
			preview,
			truncated: length > preview.length,
			createdAt: createdAt.toISOString(),
		})),
		users: users.map(({ id, name, email, role }) => ({ id, name, email, role })),
		invites: invites.map(({ id, email, createdAt }) => ({ id, email, createdAt: createdAt.toISOString() })),
		currentUser: { id: actor.userId, role: actor.role },
		canManage: canManageOrganization(actor),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = Object.values(INTENTS).find((value) => value === formData.get('intent')) ?? null
	if (!intent) return reply(null, null, 400, 'Unknown action')
	// Every mutation on this page is for owners and admins; members see it read-only.
	if (!canManageOrganization(actor)) return reply(intent, null, 403, FORBIDDEN_MESSAGE)
	const organizationId = actor.organizationId

	switch (intent) {
		case INTENTS.updateSettings: {
			const submission = parseWithZod(formData, { schema: OrganizationSettingsSchema })
			if (submission.status !== 'success') return reply(intent, submission.reply(), 400)
			await updateOrganizationSettings(organizationId, submission.value)
			return redirectWithToast('/settings', { type: 'success', title: 'Settings saved' })
		}
		case INTENTS.addDocument: {
			const submission = parseWithZod(formData, { schema: AddDocumentSchema })
			if (submission.status !== 'success') {
				return reply(
					intent,
					submission.reply(),
					400,
					firstError(submission.reply()) ?? 'Could not add the document',
				)
			}
			await addDocument(organizationId, submission.value)
			return redirectWithToast('/settings', {
				type: 'success',
				title: 'Document added',
				description: submission.value.name,
			})
		}
		case INTENTS.deleteDocument: {
			const submission = parseWithZod(formData, { schema: DeleteDocumentSchema })
			if (submission.status !== 'success')
				return reply(intent, submission.reply(), 400, 'Document is required')
			const deleted = await deleteDocument(organizationId, submission.value.documentId)
			if (!deleted) return reply(intent, null, 404, 'Document not found')
			return redirectWithToast('/settings', { type: 'success', title: 'Document deleted' })
		}
		case INTENTS.changeRole: {
			const submission = parseWithZod(formData, { schema: ChangeMemberRoleSchema })
			if (submission.status !== 'success')
				return reply(intent, submission.reply(), 400, 'Please choose a role')
			const result = await changeMemberRole({
				organizationId,
				actorUserId: actor.userId,
				targetUserId: submission.value.userId,
				role: submission.value.role,
			})
			if (!result.ok)
				return reply(
					intent,
					null,
					memberFailureStatus(result.reason),
					memberChangeMessage(result.reason, 'role'),
				)
			return redirectWithToast('/settings', { type: 'success', title: 'Role updated' })
		}
		case INTENTS.removeUser: {
			const submission = parseWithZod(formData, { schema: RemoveMemberSchema })
			if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'User is required')
			const result = await removeMember({
				organizationId,
				actorUserId: actor.userId,
				targetUserId: submission.value.userId,
			})
			if (!result.ok) {
				return reply(
					intent,
					null,
					memberFailureStatus(result.reason),
					memberChangeMessage(result.reason, 'remove'),
				)
			}
			return redirectWithToast('/settings', { type: 'success', title: 'User removed' })
		}
		case INTENTS.invite: {
			const submission = parseWithZod(formData, { schema: InviteSchema })
			if (submission.status !== 'success') return reply(intent, submission.reply(), 400)
			const { email } = submission.value
			const result = await createInvite({ organizationId, invitedById: actor.userId, email })
			if (!result.ok) {
				return reply(
					intent,
					submission.reply({
						fieldErrors: { email: ['This person is already a member of your organization'] },
					}),
					400,
				)
			}
			return redirectWithToast('/settings', {
				type: 'success',
				title: result.created ? 'Invitation created' : 'Already invited',
				description: `${email} joins your organization by signing in with that email.`,
			})
		}
		case INTENTS.cancelInvite: {
			const submission = parseWithZod(formData, { schema: CancelInviteSchema })
			if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'Invite is required')
			const cancelled = await cancelInvite(organizationId, submission.value.inviteId)
			if (!cancelled) return reply(intent, null, 404, 'Invite not found')
			return redirectWithToast('/settings', { type: 'success', title: 'Invitation cancelled' })
		}
	}
}

/** A failed action: the form's errors for Conform, and a toast when the form cannot show them. */
function reply(
	intent: Intent | null,
	result: SubmissionResult<string[]> | null,
	status: number,
	toast?: string,
) {
	const body: ActionData = { intent, result }
	if (toast) return dataWithToast(body, { type: 'error', title: toast }, { status })
	return data(body, { status })
}

function firstError(result: SubmissionResult<string[]>) {
	return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0]
}

function memberFailureStatus(reason: MemberChangeFailure) {
	if (reason === 'not_found') return 404
	if (reason === 'forbidden' || reason === 'owner_only') return 403
	return 400
}

export default function SettingsRoute() {
	const { organization, documents, users, invites, currentUser, canManage } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Settings"
				description={
					canManage
						? organization.name
						: `${organization.name} · Only owners and admins can change these settings.`
				}
			/>
			<OrganizationSection organization={organization} canManage={canManage} />
			<DocumentsSection documents={documents} canManage={canManage} />
			<UsersSection users={users} invites={invites} currentUser={currentUser} canManage={canManage} />
		</div>
	)
}

/** The action's reply for this form, if the last submission was this form's. */
function useLastResult(intent: Intent) {
	const actionData = useActionData<typeof action>() as ActionData | undefined
	return actionData?.intent === intent ? actionData.result : undefined
}

function useIsSubmitting(intent: Intent, match?: { name: string; value: string }) {
	const navigation = useNavigation()
	if (navigation.state === 'idle' || navigation.formData?.get('intent') !== intent) return false
	return match ? navigation.formData.get(match.name) === match.value : true
}

/**
 * Clears a form after its submission ended in a redirect (success): the action
 * then leaves no data, whereas a failure returns the errors to show.
 */
function useResetAfterSuccess(formRef: React.RefObject<HTMLFormElement | null>, intent: Intent) {
	const navigation = useNavigation()
	const actionData = useActionData<typeof action>()
	const submitted = useRef(false)
	useEffect(() => {
		if (navigation.state === 'submitting' && navigation.formData?.get('intent') === intent) {
			submitted.current = true
		} else if (navigation.state === 'idle' && submitted.current) {
			submitted.current = false
			if (!actionData) formRef.current?.reset()
		}
	}, [navigation.state, navigation.formData, intent, actionData, formRef])
}

function OrganizationSection({
	organization,
	canManage,
}: {
	organization: { summary: string; description: string }
	canManage: boolean
}) {
	const lastResult = useLastResult(INTENTS.updateSettings)
	const isSaving = useIsSubmitting(INTENTS.updateSettings)
	const [form, fields] = useForm({
		id: 'organization-settings',
		lastResult,
		constraint: getZodConstraint(OrganizationSettingsSchema),
		defaultValue: { summary: organization.summary, description: organization.description },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationSettingsSchema }),
	})
	return (
		<Card>
			<CardHeader>
				<CardTitle>Organization</CardTitle>
				<CardDescription>
					What your company does and sells. The assistant uses this when it writes sequences.
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value={INTENTS.updateSettings} />
					<div className="flex flex-col gap-2">
						<Label htmlFor={fields.summary.id}>Summary</Label>
						<Textarea
							{...getTextareaProps(fields.summary)}
							rows={3}
							readOnly={!canManage}
							placeholder="One or two sentences about your company"
						/>
						<ErrorList id={fields.summary.errorId} errors={fields.summary.errors} />
					</div>
					<div className="flex flex-col gap-2">
						<Label htmlFor={fields.description.id}>Description</Label>
						<Textarea
							{...getTextareaProps(fields.description)}
							rows={8}
							readOnly={!canManage}
							placeholder="Products, customers, what makes you different"
						/>
						<ErrorList id={fields.description.errorId} errors={fields.description.errors} />
					</div>
					<ErrorList id={form.errorId} errors={form.errors} />
					{canManage ? (
						<div className="flex justify-end">
							<Button type="submit" disabled={isSaving}>
								{isSaving ? 'Saving…' : 'Save'}
							</Button>
						</div>
					) : null}
				</Form>
			</CardContent>
		</Card>
	)
}

type DocumentRow = { id: string; name: string; preview: string; truncated: boolean; createdAt: string }

function DocumentsSection({ documents, canManage }: { documents: DocumentRow[]; canManage: boolean }) {
	const [open, setOpen] = useState(false)
	const submit = useSubmit()
	const isAdding = useIsSubmitting(INTENTS.addDocument)
	const hydrated = useHydrated()
	return (
		<Card>
			<CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
				<div className="flex flex-col gap-1.5">
					<CardTitle>Documents</CardTitle>
					<CardDescription>
						Product sheets, case studies and pitch decks the assistant may draw on.
					</CardDescription>
				</div>
				{canManage ? (
					// Reading a PDF happens in the dialog, which needs JavaScript; <noscript> offers pasting instead.
					<Button
						type="button"
						variant="outline"
						onClick={() => setOpen(true)}
						disabled={!hydrated || isAdding}
					>
						<Plus aria-hidden="true" />
						{isAdding ? 'Adding…' : 'Add Document'}
					</Button>
				) : null}
			</CardHeader>
			<CardContent className="flex flex-col gap-4">
				{documents.length ? (
					<Table aria-label="Documents">
						<TableHeader>
							<TableRow>
								<TableHead>Name</TableHead>
								<TableHead>Content</TableHead>
								<TableHead className="whitespace-nowrap">Created</TableHead>
								{canManage ? (
									<TableHead className="w-0">
										<span className="sr-only">Actions</span>
									</TableHead>
								) : null}
							</TableRow>
						</TableHeader>
						<TableBody>
							{documents.map((document) => (
								<TableRow key={document.id}>
									<TableCell className="font-medium">
										<span className="flex items-center gap-2">
											<FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
											{document.name}
										</span>
									</TableCell>
									<TableCell className="max-w-xs text-muted-foreground">
										<span className="line-clamp-2 break-words">
											{document.preview}
											{document.truncated ? '…' : ''}
										</span>
									</TableCell>
									<TableCell className="whitespace-nowrap text-muted-foreground">
										{dateFormat.format(new Date(document.createdAt))}
									</TableCell>
									{canManage ? (
										<TableCell>
											<DeleteDocumentForm document={document} />
										</TableCell>
									) : null}
								</TableRow>
							))}
						</TableBody>
					</Table>
				) : (
					<p className="text-sm text-muted-foreground">No documents yet.</p>
				)}
				{canManage ? (
					<>
						<noscript>
							<NoScriptDocumentForm />
						</noscript>
						<AddDocumentDialog
							open={open}
							onOpenChange={setOpen}
							onAdd={({ name, content }) => {
								submit({ intent: INTENTS.addDocument, name, content }, { method: 'post' })
								setOpen(false)
							}}
						/>
					</>
				) : null}
			</CardContent>
		</Card>
	)
}

/** Without JavaScript the PDF cannot be read in the browser, so its text can be pasted instead. */
function NoScriptDocumentForm() {
	return (
		<div className="flex flex-col gap-3 rounded-md border border-dashed p-4">
			<p className="text-sm text-muted-foreground">
				Reading a PDF needs JavaScript. Without it, paste the document&apos;s text here.
			</p>
			<form method="post" className="flex flex-col gap-3">
				<input type="hidden" name="intent" value={INTENTS.addDocument} />
				<div className="flex flex-col gap-2">
					<Label htmlFor="noscript-document-name">Document name</Label>
					<Input id="noscript-document-name" name="name" required maxLength={200} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor="noscript-document-content">Document text</Label>
					<Textarea id="noscript-document-content" name="content" required rows={6} />
				</div>
				<div className="flex justify-end">
					<Button type="submit">Add</Button>
				</div>
			</form>
		</div>
	)
}

function DeleteDocumentForm({ document }: { document: DocumentRow }) {
	const submit = useSubmit()
	const confirm = useConfirm()
	const isDeleting = useIsSubmitting(INTENTS.deleteDocument, { name: 'documentId', value: document.id })
	return (
		<Form
			method="post"
			onSubmit={async (event) => {
				event.preventDefault()
				const form = event.currentTarget
				const confirmed = await confirm({
					title: 'Delete document?',
					message: `"${document.name}" will no longer be used by the assistant. This cannot be undone.`,
					cancelLabel: 'Cancel',
					confirmLabel: 'Delete',
				})
				if (confirmed) submit(form)
			}}
		>
			<input type="hidden" name="intent" value={INTENTS.deleteDocument} />
			<input type="hidden" name="documentId" value={document.id} />
			<Button
				type="submit"
				variant="ghost"
				size="icon"
				disabled={isDeleting}
				aria-label={`Delete ${document.name}`}
			>
				<Trash2 aria-hidden="true" />
			</Button>
		</Form>
	)
}

type UserRow = { id: string; name: string; email: string; role: Role }
type InviteRow = { id: string; email: string; createdAt: string }
type CurrentUser = { id: string; role: Role }

function UsersSection({
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

function InviteForm() {
	const formRef = useRef<HTMLFormElement>(null)
	const lastResult = useLastResult(INTENTS.invite)
	const isInviting = useIsSubmitting(INTENTS.invite)
	useResetAfterSuccess(formRef, INTENTS.invite)
	const [form, fields] = useForm({
		id: 'invite',
		lastResult,
		constraint: getZodConstraint(InviteSchema),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
	})
	return (
		<section aria-labelledby="invite-heading" className="flex flex-col gap-2">
			<h3 id="invite-heading" className="text-sm font-medium">
				Invite by email
			</h3>
			<Form
				method="post"
				ref={formRef}
				aria-labelledby="invite-heading"
				className="flex flex-col gap-2"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value={INTENTS.invite} />
				<div className="flex items-start gap-2">
					<div className="flex flex-1 flex-col gap-2">
						<Label htmlFor={fields.email.id} className="sr-only">
							Email address
						</Label>
						<Input
							{...getInputProps(fields.email, { type: 'email' })}
							placeholder="teammate@company.com"
							autoComplete="off"
						/>
						<ErrorList id={fields.email.errorId} errors={fields.email.errors} />
					</div>
					<Button type="submit" disabled={isInviting}>
						<UserPlus aria-hidden="true" />
						{isInviting ? 'Inviting…' : 'Invite'}
					</Button>
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
			</Form>
		</section>
	)
}

function PendingInvites({ invites, canManage }: { invites: InviteRow[]; canManage: boolean }) {
	return (
		<section aria-labelledby="pending-invites-heading" className="flex flex-col gap-2">
			<h3 id="pending-invites-heading" className="text-sm font-medium">
				Pending invites
			</h3>
			{invites.length ? (
				<ul
					aria-labelledby="pending-invites-heading"
					className="max-h-[200px] divide-y overflow-y-auto rounded-md border"
				>
					{invites.map((invite) => (
						<li key={invite.id} className="flex items-center justify-between gap-3 px-3 py-2">
							<div className="flex min-w-0 flex-col">
								<span className="truncate text-sm">{invite.email}</span>
								<span className="text-xs text-muted-foreground">
									Invited {dateFormat.format(new Date(invite.createdAt))}
								</span>
							</div>
							{canManage ? <CancelInviteForm invite={invite} /> : null}
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-muted-foreground">No pending invites.</p>
			)}
		</section>
	)
}

function CancelInviteForm({ invite }: { invite: InviteRow }) {
	const isCancelling = useIsSubmitting(INTENTS.cancelInvite, { name: 'inviteId', value: invite.id })
	return (
		<Form method="post">
			<input type="hidden" name="intent" value={INTENTS.cancelInvite} />
			<input type="hidden" name="inviteId" value={invite.id} />
			<Button
				type="submit"
				variant="ghost"
				size="sm"
				disabled={isCancelling}
				aria-label={`Cancel invite for ${invite.email}`}
			>
				<X aria-hidden="true" />
				Cancel
			</Button>
		</Form>
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
	const submit = useSubmit()
	const confirm = useConfirm()
	const isRemoving = useIsSubmitting(INTENTS.removeUser, { name: 'userId', value: user.id })
	return (
		<Form
			method="post"
			onSubmit={async (event) => {
				event.preventDefault()
				const form = event.currentTarget
				const confirmed = await confirm({
					title: 'Remove user?',
					message: `${user.name} (${user.email}) will lose access to this organization.`,
					cancelLabel: 'Cancel',
					confirmLabel: 'Remove',
				})
				if (confirmed) submit(form)
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
		</Form>
	)
}

export const meta: MetaFunction = () => [{ title: 'Settings · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SendTestEmailButton } from '#app/components/mail/send-test-email-dialog.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { AssistantSection } from '#app/components/settings/assistant-section.tsx'
import { DocumentsSection } from '#app/components/settings/documents-section.tsx'
import { OrganizationSection } from '#app/components/settings/organization-section.tsx'
import { UsersSection } from '#app/components/settings/users-section.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { isModelConfigured } from '#app/integrations/openai/openai-client.server.ts'
import { assistantUsageSummary, startOfUtcMonth } from '#app/models/assistant/assistant-usage.server.ts'
import {
	addDocument,
	deleteDocument,
	listDocumentSummaries,
} from '#app/models/organization/documents.server.ts'
import {
	inviteByEmail,
	inviteEmailToast,
	sendInviteEmail,
} from '#app/models/organization/invite-email.server.ts'
import {
	cancelInvite,
	findPendingInvite,
	inviteExpiresAt,
	isInviteExpired,
	listPendingInvites,
} from '#app/models/organization/invites.server.ts'
import {
	changeMemberRole,
	listMembers,
	memberChangeMessage,
	removeMember,
} from '#app/models/organization/members.server.ts'
import {
	getOrganizationSettings,
	updateOrganizationSettings,
} from '#app/models/organization/settings.server.ts'
import { canManageOrganization, requireActor, type Actor } from '#app/models/session/auth.server.ts'
import {
	AddDocumentSchema,
	CancelInviteSchema,
	ChangeMemberRoleSchema,
	DeleteDocumentSchema,
	InviteSchema,
	OrganizationSettingsSchema,
	RemoveMemberSchema,
} from '#app/schemas/organization.ts'
import { INTENTS, parseIntent, type Intent, type SettingsActionData } from '#app/schemas/settings-intents.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { actionFailure, runIntent, type IntentHandlers } from '#app/utils/intent-action.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { FORBIDDEN_MESSAGE, firstError, memberFailureStatus } from './__settings-action.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const [organization, documents, users, invites, usage] = await Promise.all([
		getOrganizationSettings(actor.organizationId),
		listDocumentSummaries(actor.organizationId),
		listMembers(actor.organizationId),
		listPendingInvites(actor.organizationId),
		assistantUsageSummary(actor.organizationId, { since: startOfUtcMonth() }),
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
		invites: invites.map(({ id, email, createdAt, sentAt }) => ({
			id,
			email,
			createdAt: createdAt.toISOString(),
			expiresAt: inviteExpiresAt(sentAt).toISOString(),
			expired: isInviteExpired(sentAt),
		})),
		currentUser: { id: actor.userId, role: actor.role },
		canManage: canManageOrganization(actor),
		assistant: { model: isModelConfigured() ? getEnv().OPENAI_MODEL : null, usage },
	}
}

type SettingsContext = { actor: Actor; formData: FormData }

/** A refused settings form: its intent and Conform's reply for the page, a toast when the form cannot show it. */
function reply(
	intent: Intent | null,
	result: SubmissionResult<string[]> | null,
	status: number,
	toast?: string,
) {
	return actionFailure<SettingsActionData>({ intent, result }, status, toast)
}

type SettingsAnswer = Response | Awaited<ReturnType<typeof reply>>

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	const intent = parseIntent(formData.get('intent'))
	if (!intent) return reply(null, null, 400, 'Unknown action')
	// Every mutation on this page is for owners and admins; members see it read-only.
	if (!canManageOrganization(actor)) return reply(intent, null, 403, FORBIDDEN_MESSAGE)
	return runIntent(settingsHandlers, { intent }, { actor, formData })
}

const settingsHandlers: IntentHandlers<{ intent: Intent }, SettingsContext, SettingsAnswer> = {
	async [INTENTS.updateSettings]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: OrganizationSettingsSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400)
		await updateOrganizationSettings(actor.organizationId, submission.value)
		return redirectWithToast('/settings', { type: 'success', title: 'Settings saved' })
	},
	async [INTENTS.addDocument]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: AddDocumentSchema })
		if (submission.status !== 'success') {
			return reply(
				intent,
				submission.reply(),
				400,
				firstError(submission.reply()) ?? 'Could not add the document',
			)
		}
		await addDocument(actor.organizationId, submission.value)
		return redirectWithToast('/settings', {
			type: 'success',
			title: 'Document added',
			description: submission.value.name,
		})
	},
	async [INTENTS.deleteDocument]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: DeleteDocumentSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'Document is required')
		const deleted = await deleteDocument(actor.organizationId, submission.value.documentId)
		if (!deleted) return reply(intent, null, 404, 'Document not found')
		return redirectWithToast('/settings', { type: 'success', title: 'Document deleted' })
	},
	async [INTENTS.changeRole]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: ChangeMemberRoleSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'Please choose a role')
		const result = await changeMemberRole({
			organizationId: actor.organizationId,
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
	},
	async [INTENTS.removeUser]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: RemoveMemberSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'User is required')
		const result = await removeMember({
			organizationId: actor.organizationId,
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
	},
	async [INTENTS.invite]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: InviteSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400)
		const { email } = submission.value
		const result = await inviteByEmail({
			organizationId: actor.organizationId,
			invitedById: actor.userId,
			email,
		})
		if (!result.ok) {
			return reply(
				intent,
				submission.reply({
					fieldErrors: { email: ['This person is already a member of your organization'] },
				}),
				400,
			)
		}
		return redirectWithToast('/settings', inviteEmailToast(email, result.email))
	},
	async [INTENTS.resendInvite]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: CancelInviteSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'Invite is required')
		const { inviteId } = submission.value
		const invite = await findPendingInvite(actor.organizationId, inviteId)
		if (!invite) return reply(intent, null, 404, 'Invite not found')
		const sent = await sendInviteEmail({
			organizationId: actor.organizationId,
			inviteId,
			senderId: actor.userId,
		})
		return redirectWithToast('/settings', inviteEmailToast(invite.email, sent))
	},
	async [INTENTS.cancelInvite]({ intent }, { actor, formData }) {
		const submission = parseWithZod(formData, { schema: CancelInviteSchema })
		if (submission.status !== 'success') return reply(intent, submission.reply(), 400, 'Invite is required')
		const cancelled = await cancelInvite(actor.organizationId, submission.value.inviteId)
		if (!cancelled) return reply(intent, null, 404, 'Invite not found')
		return redirectWithToast('/settings', { type: 'success', title: 'Invitation cancelled' })
	},
}

export default function SettingsRoute() {
	const { organization, documents, users, invites, currentUser, canManage, assistant } =
		useLoaderData<typeof loader>()
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
				actions={
					<>
						<SendTestEmailButton />
						<Button asChild variant="outline">
							<Link to="/settings/sending">Sending settings</Link>
						</Button>
						<Button asChild variant="outline">
							<Link to="/settings/linkedin">LinkedIn</Link>
						</Button>
						<Button asChild variant="outline">
							<Link to="/settings/replies">Replies</Link>
						</Button>
						<Button asChild variant="outline">
							<Link to="/settings/api-tokens">API tokens</Link>
						</Button>
						<Button asChild variant="outline">
							<Link to="/settings/webhooks">Webhooks</Link>
						</Button>
					</>
				}
			/>
			<OrganizationSection organization={organization} canManage={canManage} />
			<DocumentsSection documents={documents} canManage={canManage} />
			<UsersSection users={users} invites={invites} currentUser={currentUser} canManage={canManage} />
			<AssistantSection assistant={assistant} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Settings · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiTokenHelpButton } from '#app/components/api-tokens/api-token-help.tsx'
import { ApiTokensTable } from '#app/components/api-tokens/api-tokens-table.tsx'
import {
	type ApiTokensActionData,
	CreateApiTokenForm,
	NewTokenNotice,
} from '#app/components/api-tokens/create-api-token-form.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiTokenLimitError, createApiToken } from '#app/models/api-token/create-api-token.server.ts'
import { listApiTokens } from '#app/models/api-token/list-api-tokens.server.ts'
import { revokeApiToken } from '#app/models/api-token/revoke-api-token.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { API_TOKEN_MESSAGES, ApiTokenFormSchema } from '#app/schemas/api-token.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'

// Settings → API tokens: the user's personal access tokens for the JSON API (decision 041). A new
// token is in the create action's answer only (never stored, never in a loader); revoke asks first.

const PAGE = '/settings/api-tokens'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const tokens = await listApiTokens({ organizationId: actor.organizationId, userId: actor.userId })
	return {
		origin: new URL(request.url).origin,
		tokens: tokens.map((token) => ({
			...token,
			createdAt: token.createdAt.toISOString(),
			lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
			revokedAt: token.revokedAt?.toISOString() ?? null,
		})),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const owner = { organizationId: actor.organizationId, userId: actor.userId }
	const submission = parseWithZod(await request.formData(), { schema: ApiTokenFormSchema })
	if (submission.status !== 'success') {
		return actionFailure<ApiTokensActionData>({ result: submission.reply() }, 400)
	}
	const value = submission.value
	if (value.intent === 'revoke-token') {
		const revoked = await revokeApiToken({ ...owner, tokenId: value.tokenId })
		if (!revoked) return actionFailure<ApiTokensActionData>({}, 404, API_TOKEN_MESSAGES.notFound)
		return redirectWithToast(PAGE, { type: 'success', title: API_TOKEN_MESSAGES.revoked })
	}
	try {
		const created = await createApiToken({ ...owner, name: value.name, scope: value.scope })
		return dataWithToast<ApiTokensActionData>(
			{
				result: submission.reply({ resetForm: true }),
				created: { id: created.id, name: created.name, scope: created.scope, token: created.token },
			},
			{ type: 'success', title: API_TOKEN_MESSAGES.created },
			// The token is in this answer only: no cache may keep it.
			{ headers: { 'Cache-Control': 'no-store' } },
		)
	} catch (error) {
		if (!(error instanceof ApiTokenLimitError)) throw error
		return actionFailure<ApiTokensActionData>(
			{ result: submission.reply({ formErrors: [API_TOKEN_MESSAGES.tooMany] }) },
			409,
		)
	}
}

export default function ApiTokensRoute() {
	const { tokens, origin } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="API tokens"
				description="Personal access tokens let your scripts call the Reachout API as you, in this organization."
				actions={
					<>
						<ApiTokenHelpButton origin={origin} />
						<Button asChild variant="ghost">
							<Link to="/settings">All settings</Link>
						</Button>
					</>
				}
			/>
			{actionData?.created ? <NewTokenNotice created={actionData.created} /> : null}
			<CreateApiTokenForm lastResult={actionData?.result} />
			<ApiTokensTable tokens={tokens} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'API tokens · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

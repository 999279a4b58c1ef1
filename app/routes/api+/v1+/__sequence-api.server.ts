import { type ActionFunctionArgs } from '@remix-run/node'
import { type z } from 'zod'
import { GoogleScopeError } from '#app/integrations/mail/transport.server.ts'
import { PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { requireApiActor } from '#app/models/session/auth.server.ts'
import { apiError, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'

const ERROR_CODES = {
	400: 'validation_error',
	404: 'not_found',
	409: 'conflict',
	422: 'unprocessable',
} as const

/**
 * The sequence API's answer to a refused change: a SequenceRuleError's status with
 * `{ error, message }`; a missing Google grant as 403 `{ error: 'GoogleScopeError', message }`,
 * which the client turns into the permissions dialog. Anything else is rethrown.
 */
export function sequenceErrorResponse(error: unknown): Response {
	if (error instanceof Response) return error
	if (error instanceof SequenceRuleError)
		return apiError(error.status, ERROR_CODES[error.status], error.message)
	if (error instanceof GoogleScopeError) return apiError(403, 'GoogleScopeError', error.message)
	if (error instanceof PreflightProblemsError) return preflightProblemsResponse(error)
	throw error
}

/** 409 with the check: `{ error: 'preflight_problems', message, problems, check }` (decision 051). */
export function preflightProblemsResponse(error: PreflightProblemsError) {
	return Response.json(
		{
			error: 'preflight_problems',
			message: error.message,
			problems: error.check.problems,
			check: error.check,
		},
		{ status: 409 },
	)
}

/** Runs a model call, turning sequence rule and Google scope errors into API errors. */
export async function withSequenceErrors(run: () => Promise<Response>) {
	try {
		return await run()
	} catch (error) {
		return sequenceErrorResponse(error)
	}
}

/**
 * The action of a step's API route: PUT a patch (validated by `schema`) → the step; DELETE → the
 * step removed, `{ sequenceDeleted: true }` when the sequence went with it. `sequenceId` null:
 * the step is found by its id alone (`/steps/:stepId`).
 */
export function stepRouteAction<Patch>({
	schema,
	update,
	remove,
	sequenceId: sequenceIdOf = (params) => params.id ?? '',
}: {
	schema: z.ZodType<Patch>
	update: (
		organizationId: string,
		sequenceId: string | null,
		stepId: string,
		patch: Patch,
	) => Promise<{ step: unknown }>
	remove: (
		organizationId: string,
		sequenceId: string | null,
		stepId: string,
	) => Promise<{ sequenceDeleted: boolean }>
	sequenceId?: (params: ActionFunctionArgs['params']) => string | null
}) {
	return async function action({ request, params }: ActionFunctionArgs) {
		const actor = await requireApiActor(request)
		const sequenceId = sequenceIdOf(params)
		const stepId = params.stepId ?? ''
		if (request.method === 'DELETE') {
			return withSequenceErrors(async () => {
				const result = await remove(actor.organizationId, sequenceId, stepId)
				return Response.json({
					message: result.sequenceDeleted ? 'Sequence deleted' : 'Step removed',
					...result,
				})
			})
		}
		if (request.method !== 'PUT') return methodNotAllowed()
		const patch = await parseJsonBody(request, schema)
		return withSequenceErrors(async () => {
			const { step } = await update(actor.organizationId, sequenceId, stepId, patch)
			return Response.json(step)
		})
	}
}

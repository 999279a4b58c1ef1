import { data } from '@remix-run/node'
import { PreflightProblemsError } from '#app/models/preflight/launch.server.ts'
import { PREFLIGHT_MESSAGES } from '#app/schemas/preflight.ts'

/**
 * A pre-flight page's Launch: "Launch anyway" ticked acknowledges the problems; problems not
 * acknowledged answer 400 with the spec's message, shown above the button.
 */
export async function launchFromPreflightForm<T>(
	request: Request,
	launch: (acknowledgeProblems: boolean) => Promise<T>,
	launched: (result: T) => Response | Promise<Response>,
) {
	const form = await request.formData()
	try {
		return await launched(await launch(form.get('acknowledgeProblems') === 'on'))
	} catch (error) {
		if (error instanceof PreflightProblemsError)
			return data({ error: PREFLIGHT_MESSAGES.acknowledgeRequired }, { status: 400 })
		throw error
	}
}

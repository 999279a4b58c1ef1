import { type LoaderFunctionArgs } from '@remix-run/node'
import { COMPANION_ZIP_NAME, readCompanionZip } from '#app/models/companion/companion-download.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { apiError } from '#app/utils/api.server.ts'

// GET: the Chrome companion's zip, to unzip and load unpacked (install steps on /companion).
export async function loader({ request }: LoaderFunctionArgs) {
	await requireActor(request)
	const zip = await readCompanionZip()
	if (!zip) {
		return apiError(
			404,
			'not_found',
			'The companion has not been built on this server (npm run build:extension)',
		)
	}
	return new Response(zip, {
		headers: {
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="${COMPANION_ZIP_NAME}"`,
			'Content-Length': String(zip.byteLength),
			'Cache-Control': 'private, no-cache',
		},
	})
}

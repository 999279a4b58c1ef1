import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { loader as zipLoader } from '#app/routes/resources+/companion[.]zip.ts'
import { loader as pageLoader } from '#app/routes/_app+/companion.tsx'
import { LINKEDIN_COMPANION_EXTENSION_ID } from '#app/components/linkedin/linkedin-companion.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'

// The companion's download (decision 032): the zip the build wrote, or the API's 404 when there is none.

let dir: string
beforeEach(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'companion-zip-'))
	process.env.COMPANION_ZIP_PATH = path.join(dir, 'reachout-companion.zip')
})
afterEach(async () => {
	delete process.env.COMPANION_ZIP_PATH
	await rm(dir, { recursive: true, force: true })
})

const args = (cookie?: string) => ({
	request: makeRequest('/resources/companion.zip', { cookie }),
	params: {},
	context: {},
})

test('serves the built zip to a signed-in user', async () => {
	const { cookie } = await createSignedInUser()
	const bytes = Buffer.from('PK\u0003\u0004 a zip')
	await writeFile(process.env.COMPANION_ZIP_PATH!, bytes)
	const response = (await zipLoader(args(cookie))) as Response
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('application/zip')
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="reachout-companion.zip"')
	expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)

	const page = await pageLoader({ ...args(cookie), request: makeRequest('/companion', { cookie }) })
	expect(page).toMatchObject({ zipBytes: bytes.byteLength, extensionId: LINKEDIN_COMPANION_EXTENSION_ID })
})

test('not built: a 404 in the API shape, and the page says so', async () => {
	const { cookie } = await createSignedInUser()
	const { status, body } = await callRoute(() => zipLoader(args(cookie)))
	expect(status).toBe(404)
	expect(body).toEqual({
		error: 'not_found',
		message: 'The companion has not been built on this server (npm run build:extension)',
	})
	const page = await pageLoader({ ...args(cookie), request: makeRequest('/companion', { cookie }) })
	expect(page).toMatchObject({ zipBytes: null })
})

test('signed out: refused', async () => {
	await writeFile(process.env.COMPANION_ZIP_PATH!, 'zip')
	const { status, headers } = await callRoute(() => zipLoader(args()))
	expect(status).toBe(401)
	expect(headers.get('content-type')).not.toBe('application/zip')
})

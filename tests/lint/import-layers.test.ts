import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

// The layer rule of decision 011, proven: an import against the direction fails `npm run lint`.
// Each case lints a line of source as if it were a file in that folder (the file need not exist).

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function restrictedImportErrors(file: string, source: string) {
	const [result] = await eslint.lintText(`${source}\nexport const used = [x]\n`, {
		filePath: path.join(root, file),
	})
	return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
}

const MODEL = "import { x } from '#app/models/contact/contact.server.ts'"
const ROUTE = "import { x } from '#app/routes/_app+/__settings-action.server.ts'"
const COMPONENT = "import { x } from '#app/components/ui/button.tsx'"

describe('imports go one way: routes → components/models → schemas/integrations/jobs/utils', () => {
	test.each([
		['app/utils/layer-probe.ts', MODEL],
		['app/utils/layer-probe.ts', ROUTE],
		['app/utils/layer-probe.ts', COMPONENT],
		['app/integrations/gmail/layer-probe.ts', MODEL],
		['app/integrations/gmail/layer-probe.ts', COMPONENT],
		['app/schemas/layer-probe.ts', MODEL],
		['app/jobs/layer-probe.ts', MODEL],
		['app/models/contact/layer-probe.ts', ROUTE],
		['app/models/contact/layer-probe.ts', COMPONENT],
		['app/components/contacts/layer-probe.tsx', ROUTE],
		['app/components/contacts/layer-probe.tsx', MODEL],
		['jobs/tasks/layer-probe.ts', ROUTE],
		['app/components/contacts/layer-probe.tsx', "import { toast as x } from 'sonner'"],
	])('%s may not: %s', async (file, source) => {
		expect(await restrictedImportErrors(file, source)).toHaveLength(1)
	})

	test.each([
		['app/routes/_app+/layer-probe.tsx', MODEL],
		['app/routes/_app+/layer-probe.tsx', COMPONENT],
		['app/models/contact/layer-probe.ts', "import { x } from '#app/utils/db.server.ts'"],
		['app/models/contact/layer-probe.ts', "import { x } from '#app/jobs/send-email-step.ts'"],
		[
			'app/components/contacts/layer-probe.tsx',
			"import { type x } from '#app/models/contact/contact.server.ts'",
		],
		['jobs/tasks/layer-probe.ts', MODEL],
		['app/components/toaster.tsx', "import { toast as x } from 'sonner'"],
	])('%s may: %s', async (file, source) => {
		expect(await restrictedImportErrors(file, source)).toEqual([])
	})

	// Lints a few hundred files with type information: seconds on an idle machine, more on a busy one.
	test(
		'no file in app/utils, app/integrations, app/schemas or app/jobs imports a model, route or component',
		{ timeout: 120_000 },
		async () => {
			const results = await eslint.lintFiles([
				'app/utils/**/*.{ts,tsx}',
				'app/integrations/**/*.ts',
				'app/schemas/**/*.ts',
				'app/jobs/**/*.ts',
			])
			const offenders = results.flatMap((result) =>
				result.messages
					.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
					.map((m) => `${path.relative(root, result.filePath)}:${m.line} ${m.message}`),
			)
			expect(offenders).toEqual([])
		},
	)
})

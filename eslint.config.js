import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Imports every file is refused (the layer blocks below add their own).
const PRISMA_CLIENT = {
	group: ['**/generated/prisma/client*'],
	importNames: ['PrismaClient'],
	message: 'Use prisma from #app/utils/db.server.ts',
}
const RESTRICTED_PATHS = [
	// Toasts go through notify() (decision 011); app/components/toaster.tsx, the one place that may
	// import sonner's own `toast`, has its own block below.
	{
		name: 'sonner',
		importNames: ['toast'],
		message: 'Show toasts with notify() from #app/components/toaster.tsx',
	},
]

/** A pattern that forbids importing these app folders, by alias (#app/models/…) or by relative path. */
function layer(folders, message) {
	return { group: folders.flatMap((folder) => [`#app/${folder}/**`, `**/${folder}/**`]), message }
}

/** The rule's options: the shared restrictions and these patterns. */
function restrictImports(...patterns) {
	return ['error', { paths: RESTRICTED_PATHS, patterns: [PRISMA_CLIENT, ...patterns] }]
}

const COMPONENT_LAYERS = [
	layer(['routes'], 'Components know no routes: move shared types and constants to app/schemas.'),
	{
		...layer(
			['models'],
			'Components import only types from models (`import type`); pure functions belong in app/schemas.',
		),
		allowTypeImports: true,
	},
]

export default tseslint.config(
	{
		ignores: [
			'node_modules',
			'build',
			'.data',
			'app/generated',
			'test-results',
			'playwright-report',
			'bench/results',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js}'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
			// The typescript-eslint version of the rule (it knows `import type`); see the layers below.
			'no-restricted-imports': 'off',
			'@typescript-eslint/no-restricted-imports': restrictImports(),
		},
	},
	// Layers (docs/architecture.md): routes → components/models → schemas/integrations/utils.
	// A block's options replace the base block's for its files, so each one repeats the shared
	// restrictions (restrictImports adds them).
	{
		files: ['app/utils/**', 'app/integrations/**', 'app/schemas/**', 'app/jobs/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': restrictImports(
				layer(
					['models', 'routes', 'components'],
					'Utils, integrations and schemas know no models, routes or components: take what you need as arguments.',
				),
			),
		},
	},
	{
		files: ['app/models/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': restrictImports(
				layer(
					['routes', 'components'],
					'Models know no routes or components: move shared types and constants to app/schemas.',
				),
			),
		},
	},
	{
		files: ['app/components/**'],
		rules: { '@typescript-eslint/no-restricted-imports': restrictImports(...COMPONENT_LAYERS) },
	},
	{
		files: ['jobs/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': restrictImports(
				layer(['routes', 'components'], 'Jobs call models, never routes or components.'),
			),
		},
	},
	{
		// The one place that may import sonner's own `toast` (notify() wraps it).
		files: ['app/components/toaster.tsx'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{ patterns: [PRISMA_CLIENT, ...COMPONENT_LAYERS] },
			],
		},
	},
)

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['**/generated/prisma/client*'],
							importNames: ['PrismaClient'],
							message: 'Use prisma from #app/utils/db.server.ts',
						},
					],
				},
			],
		},
	},
	{
		files: ['extension/**/*.js'],
		languageOptions: { globals: { ...globals.browser, chrome: 'readonly' } },
	},
)

import { describe, expect, test } from 'vitest'
import { analyzeCsvForRolePrompt } from './analyze-csv-for-role-prompt.ts'

describe('analyzeCsvForRolePrompt', () => {
	test.each([
		['Company,Website,Looking for\nAcme,acme.com,Head of marketing\n', 'a "Looking for" column'],
		['company;role_prompt\nAcme;VP Sales\n', 'a role_prompt column'],
		['Name,Target Roles\nAcme,CTO\n', 'a "Target Roles" column'],
		['Company,Who to contact\nAcme,\n', 'a "Who to contact" column, even empty'],
		[
			'Company,Notes\nAcme,Head of marketing or CMO\nGlobex,VP Sales or CRO\nInitech,find the founders\n',
			'values that ask for people',
		],
		['Firma,Ansprechpartner gesucht\nAcme,Geschäftsführer oder Vertriebsleiter\n', 'German'],
	])('true for %s (%s)', (content) => {
		expect(analyzeCsvForRolePrompt(content)).toBe(true)
	})

	test.each([
		['Name,Title,Company\nJane Doe,Head of Marketing,Acme\nJohn Smith,CTO,Globex\n', "a person's own title"],
		[
			'Company,Description\nAcme,"We help founders or CTOs ship faster. Our tools are loved by many."\n',
			'a description',
		],
		['Company,Website\nAcme,acme.com\n', 'no such column'],
		['', 'nothing'],
		['\u0000\u0001binary', 'binary'],
		['Company,Personal email\nAcme,a@acme.com\n', 'a header that only contains "persona"'],
	])('false for %s (%s)', (content) => {
		expect(analyzeCsvForRolePrompt(content)).toBe(false)
	})
})

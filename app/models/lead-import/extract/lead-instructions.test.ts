import { describe, expect, test } from 'vitest'
import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import {
	applyLeadInstructions,
	LEAD_INSTRUCTION_MESSAGES,
	readLeadInstructions,
} from './lead-instructions.ts'

const lead = (firstName: string, role: string | null, companyName: string | null): ExtractedLead => ({
	firstName,
	lastName: 'Test',
	role,
	companyName,
})

const LEADS = [
	lead('Ceo', 'Chief Executive Officer', 'Acme'),
	lead('Cto', 'CTO', 'Acme Inc.'),
	lead('Engineer', 'Senior Software Engineer', 'Globex'),
	lead('Developer', 'Backend Developer', 'Initech'),
	lead('Seller', 'Account Executive', 'Globex'),
	lead('Intern', 'Marketing Intern', 'Acme'),
	lead('Founder', 'Co-Founder', 'Initech'),
]
const names = (instructions: string) =>
	applyLeadInstructions(LEADS, instructions).leads.map((found) => found.firstName)

describe('applyLeadInstructions', () => {
	test('role filters, with synonyms', () => {
		expect(names('only engineers')).toEqual(['Engineer', 'Developer'])
		expect(names('CTOs or founders')).toEqual(['Cto', 'Founder'])
		expect(names('only C-level')).toEqual(['Ceo', 'Cto', 'Founder'])
		expect(names('sales people')).toEqual(['Seller'])
	})

	test('company filters, by slug', () => {
		expect(names('only people at Acme')).toEqual(['Ceo', 'Cto', 'Intern'])
		expect(names('engineers at Globex or Initech')).toEqual(['Engineer', 'Developer'])
	})

	test('exclusions', () => {
		expect(names('only people at Acme, exclude interns')).toEqual(['Ceo', 'Cto'])
	})

	test('an instruction that states no filter, or one nobody matches, leaves every lead with a warning', () => {
		expect(applyLeadInstructions(LEADS, 'these are the speakers of our 2025 summit')).toEqual({
			leads: LEADS,
			warnings: [LEAD_INSTRUCTION_MESSAGES.notApplied],
		})
		expect(applyLeadInstructions(LEADS, 'only nurses')).toEqual({
			leads: LEADS,
			warnings: [LEAD_INSTRUCTION_MESSAGES.noMatch],
		})
		expect(applyLeadInstructions(LEADS, '  ')).toEqual({ leads: LEADS, warnings: [] })
		expect(readLeadInstructions('please be careful')).toBeNull()
	})
})

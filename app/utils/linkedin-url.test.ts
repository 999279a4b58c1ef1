import { expect, test } from 'vitest'
import { linkedinProfileLabel } from './linkedin-url.ts'

test('a LinkedIn address is shown by its profile path; other addresses without their scheme', () => {
	expect(linkedinProfileLabel('https://www.linkedin.com/in/ada-lovelace/')).toBe('in/ada-lovelace')
	expect(linkedinProfileLabel('linkedin.com/in/Grace?trk=x')).toBe('in/grace')
	expect(linkedinProfileLabel('https://de.linkedin.com/in/m%C3%BCller')).toBe('in/müller')
	expect(linkedinProfileLabel('https://example.com/people/ada')).toBe('example.com/people/ada')
})

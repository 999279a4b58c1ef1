import { expect, test } from 'vitest'
import { classifyLinkedInUrl } from './classify-url.ts'

test.each([
	['https://www.linkedin.com/posts/ada_launch-activity-7100000000000000000-AbCd', 'POST'],
	['https://linkedin.com/feed/update/urn:li:activity:7100000000000000000/', 'POST'],
	['https://www.linkedin.com/feed/update/urn:li:share:7100000000000000000?utm_source=share', 'POST'],
	['http://localhost:3931/posts/ada_launch-activity-1', 'POST'],
	['https://www.linkedin.com/in/ada-lovelace', 'OTHERS'],
	['https://www.linkedin.com/feed/', 'OTHERS'],
	['https://www.linkedin.com/posts/', 'OTHERS'],
	['https://example.com/posts/ada', 'OTHERS'],
	['https://notlinkedin.com/posts/ada', 'OTHERS'],
	['ftp://www.linkedin.com/posts/ada', 'INVALID_URL'],
	['linkedin.com/posts/ada', 'INVALID_URL'],
	['', 'INVALID_URL'],
	[undefined, 'INVALID_URL'],
	[42, 'INVALID_URL'],
])('%s is %s', (url, expected) => {
	expect(classifyLinkedInUrl(url, 'localhost:3931')).toBe(expected)
})

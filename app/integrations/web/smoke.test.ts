import { test } from 'vitest'
import { parseHtmlDocument, readableText } from './page-text.ts'
test('smoke', () => {
	const html = `<!doctype html><html><head><title>Acme Inc | Home</title></head><body><nav><a href="/">Home</a><a href="/about">About</a></nav><main><h1>About Acme</h1><p>${'Acme builds rockets for roadrunners. '.repeat(10)}</p><ul><li>Rockets</li><li>Anvils <a href="/x">more</a></li></ul><table><tr><td>A</td><td>B</td></tr></table></main><footer>© Acme</footer><script>var x = 1</script></body></html>`
	console.log(JSON.stringify(readableText(parseHtmlDocument(html)), null, 1))
	const deep = '<div>'.repeat(100000) + 'deep text' + '</div>'.repeat(100000)
	let t = Date.now()
	console.log(readableText(parseHtmlDocument(`<html><body>${deep}</body></html>`)).text.slice(0, 50), Date.now() - t)
	const big = `<html><body>${'<div><p>Some paragraph text about companies and things. </p><a href="/x">link</a></div>'.repeat(50000)}</body></html>`
	console.log(big.length)
	t = Date.now()
	console.log(readableText(parseHtmlDocument(big)).text.length, Date.now() - t)
})
